import { Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { feedbackMaxLength } from '@verzendhuis/domain/frame-texts';

/** The text of feedback or an error report: required, growing with its text, its length of the maximum below it. */
export function FeedbackTextarea({
  label,
  placeholder,
  rows,
  input,
}: {
  label: string;
  placeholder: string;
  rows: { min: number; max: number };
  /** The form's props of the field `feedback` (getInputProps). */
  input: GetInputPropsReturnType;
}) {
  const length = typeof input.value === 'string' ? input.value.length : 0;
  return (
    <Textarea
      label={label}
      placeholder={placeholder}
      required
      autosize
      minRows={rows.min}
      maxRows={rows.max}
      {...input}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={`${length}/${feedbackMaxLength}`}
      data-autofocus
    />
  );
}
