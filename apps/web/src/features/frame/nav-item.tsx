import type { CSSProperties } from 'react';
import { Link, useMatch } from 'react-router';
import { Button } from '@mantine/core';

/** A top-bar menu entry; active while the current path is under `to`. */
export function NavItem({
  to,
  label,
  testId,
  style,
}: {
  to: string;
  label: string;
  testId: string;
  style?: CSSProperties;
}) {
  const active = useMatch({ path: to, end: false }) !== null;
  return (
    <Button
      component={Link}
      to={to}
      variant={active ? 'light' : 'subtle'}
      color={active ? undefined : 'gray'}
      aria-current={active ? 'page' : undefined}
      data-testid={testId}
      style={style}
    >
      {label}
    </Button>
  );
}
