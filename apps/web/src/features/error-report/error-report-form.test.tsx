import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { feedbackMaxLength, feedbackTexts } from '@verzendhuis/domain/frame-texts';
import { errorReportTexts } from '@verzendhuis/domain/frame-texts';
import { renderInApp } from '../../test-support/render-app';
import { fakeApi } from '../../test-support/fake-api';
import { fieldError } from '../../test-support/field-error';
import { ErrorReportForm } from './error-report-form';

afterEach(() => notifications.clean());

describe('the error report', { timeout: 30_000 }, () => {
  it('asks what the user was doing, within the length of feedback, and sends it with the details', async () => {
    const api = fakeApi();
    api.on('POST', '/api/feedback/send', () => ({ status: 'success' }));
    const onDone = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderInApp(<ErrorReportForm details="TypeError: kapot" route="/dashboard/orders" onDone={onDone} />, { api });
    const text = screen.getByRole('textbox', { name: new RegExp(errorReportTexts.messageLabel) });
    const send = () => user.click(screen.getByRole('button', { name: errorReportTexts.send }));

    await send();
    expect(fieldError(text)).toBe(errorReportTexts.messageRequired);
    fireEvent.change(text, { target: { value: 'x'.repeat(feedbackMaxLength + 1) } });
    await send();
    expect(fieldError(text)).toBe(feedbackTexts.tooLong);
    expect(api.sent()).toEqual([]);

    fireEvent.change(text, { target: { value: ' Ik klikte op Opslaan ' } });
    await send();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.sent()).toEqual([
      {
        method: 'POST',
        path: '/api/feedback/send',
        body: { feedback: 'Ik klikte op Opslaan', context: { kind: 'error_report', details: 'TypeError: kapot', route: '/dashboard/orders', attachments: [] } },
      },
    ]);
    expect(await screen.findByText(errorReportTexts.thanks)).toBeTruthy();
  });
});
