import { ActionIcon, type MantineColorScheme, Tooltip, useMantineColorScheme } from "@mantine/core";
import { AutoIcon, MoonIcon, SunIcon } from "./icons";

// One button cycling light → dark → auto keeps the header compact while still
// letting people return to following their system setting.
const next: Record<MantineColorScheme, MantineColorScheme> = {
  light: "dark",
  dark: "auto",
  auto: "light",
};

const icons = { light: SunIcon, dark: MoonIcon, auto: AutoIcon };

export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const Icon = icons[colorScheme];
  const label = `Color scheme: ${colorScheme}. Switch to ${next[colorScheme]}`;
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={() => setColorScheme(next[colorScheme])}>
        <Icon />
      </ActionIcon>
    </Tooltip>
  );
}
