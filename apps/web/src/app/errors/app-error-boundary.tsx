import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { dialogTexts, globalErrorTexts } from '@verzendhuis/domain/frame-texts';
import { FullPageMessage } from '../../ui/full-page-message';
import { isChunkLoadError } from './classify-error';

interface State {
  error: unknown;
}

/** Last line of defence outside the router: never leave the user with a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The app stopped because of an error', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const newVersion = isChunkLoadError(this.state.error);
    return (
      <FullPageMessage
        title={newVersion ? globalErrorTexts.newVersionTitle : dialogTexts.genericTitle}
        message={newVersion ? globalErrorTexts.newVersionScreen : dialogTexts.genericMessage}
        actions={
          <Button onClick={() => window.location.reload()}>
            {newVersion ? globalErrorTexts.reload : globalErrorTexts.retry}
          </Button>
        }
      />
    );
  }
}
