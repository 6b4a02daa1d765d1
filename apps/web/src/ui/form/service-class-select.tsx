import { Select } from '@mantine/core';

/** The first field of a link dialog: which courier class or shop platform (required, never emptied again). */
export function ServiceClassSelect({
  label,
  placeholder,
  classes,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  placeholder: string;
  classes: readonly { class: string; name: string }[];
  value: string | null;
  onChange: (next: string | null) => void;
  error: unknown;
  testId: string;
}) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={classes.map((c) => ({ value: c.class, label: c.name }))}
      value={value}
      onChange={onChange}
      error={error as string | undefined}
      required
      allowDeselect={false}
      data-testid={testId}
    />
  );
}
