import { Anchor, type AnchorProps, Button, type ButtonProps, NavLink, type NavLinkProps } from "@mantine/core";
import { createLink, type LinkComponent } from "@tanstack/react-router";
import type { Ref } from "react";

// Mantine components rendered as type-checked router links: the router owns
// navigation (no full page reloads), Mantine owns styling and focus rings.

interface AnchorBaseProps extends Omit<AnchorProps, "href"> {
  ref?: Ref<HTMLAnchorElement>;
}
function AnchorBase(props: AnchorBaseProps) {
  return <Anchor component="a" {...props} />;
}
const CreatedAnchorLink = createLink(AnchorBase);
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <CreatedAnchorLink preload="intent" {...props} />;

interface ButtonBaseProps extends Omit<ButtonProps, "href"> {
  ref?: Ref<HTMLAnchorElement>;
}
function ButtonBase(props: ButtonBaseProps) {
  return <Button component="a" {...props} />;
}
const CreatedButtonLink = createLink(ButtonBase);
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButtonLink preload="intent" {...props} />;

interface NavLinkBaseProps extends Omit<NavLinkProps, "href"> {
  ref?: Ref<HTMLAnchorElement>;
}
function NavLinkBase(props: NavLinkBaseProps) {
  return <NavLink component="a" {...props} />;
}
const CreatedNavLinkLink = createLink(NavLinkBase);
export const NavLinkLink: LinkComponent<typeof NavLinkBase> = (props) => <CreatedNavLinkLink preload="intent" {...props} />;
