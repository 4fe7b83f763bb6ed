import { Anchor } from "@mantine/core";
import { Fragment } from "react";

// Stops at whitespace and at characters that commonly wrap a URL in prose.
const urlPattern = /https?:\/\/[^\s<>"')\]]+/g;
// Sentence punctuation right after a URL belongs to the sentence, not the link.
const trailingPunctuation = /[.,;:!?]+$/;

/**
 * Renders a plain-text mail body with every URL as a real link whose text is the
 * URL itself, so developers (and browser tests) can follow verification links.
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index;
    const url = match[0].replace(trailingPunctuation, "");
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <Anchor key={`${start}-${url}`} href={url}>
        {url}
      </Anchor>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder
        typeof part === "string" ? <Fragment key={index}>{part}</Fragment> : part,
      )}
    </>
  );
}
