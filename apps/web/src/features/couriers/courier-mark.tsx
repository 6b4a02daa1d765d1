import { Avatar } from '@mantine/core';

/** The class's mark, or its initials while there is no image for it. */
export function CourierMark({ name, src }: { name: string; src: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return (
    <Avatar src={src} alt={name} radius="sm" size="md" color="blue">
      {initials}
    </Avatar>
  );
}
