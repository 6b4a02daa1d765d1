import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { feedbackTexts } from '@verzendhuis/domain/frame-texts';
import { feedbackFormTexts } from '@verzendhuis/domain/frame-texts';
import { renderInApp } from '../../test-support/render-app';
import { fakeApi, validationRefusal } from '../../test-support/fake-api';
import { fieldError } from '../../test-support/field-error';
import { FeedbackForm } from './feedback-form';

afterEach(() => notifications.clean());

function renderFeedbackForm(answer: unknown) {
  const api = fakeApi();
  api.on('POST', '/api/feedback/send', () => answer);
  const onDone = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderInApp(<FeedbackForm onDone={onDone} />, { api, route: '/dashboard' });
  const text = screen.getByRole('textbox', { name: new RegExp(feedbackFormTexts.label) });
  const send = () => user.click(screen.getByRole('button', { name: feedbackFormTexts.submit }));
  return { api, onDone, user, text, send };
}

describe('the feedback form', { timeout: 30_000 }, () => {
  it('asks for a text before sending, then sends it with the screen it came from', async () => {
    const { api, onDone, user, text, send } = renderFeedbackForm({ status: 'success' });
    await send();
    expect(fieldError(text)).toBe(feedbackTexts.required);
    expect(api.sent()).toEqual([]);

    await user.type(text, '  Mooi');
    expect(screen.getByText('6/500')).toBeTruthy();
    expect(fieldError(text)).toBeNull();
    await send();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.sent()).toEqual([{ method: 'POST', path: '/api/feedback/send', body: { feedback: 'Mooi', context: { route: '/dashboard' } } }]);
    expect(await screen.findByText(feedbackTexts.sent)).toBeTruthy();
  });

  it('shows a refusal of the server at the text', async () => {
    const { onDone, user, text, send } = renderFeedbackForm(validationRefusal({ feedback: ['Dit woord mag niet.'] }));
    await user.type(text, 'Mooi');
    await send();
    await waitFor(() => expect(fieldError(text)).toBe('Dit woord mag niet.'));
    expect(await screen.findByText(feedbackTexts.failed)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
