import { createContext } from 'react';
import type { AppApiClient } from './app-api-client';

export const ApiClientContext = createContext<AppApiClient | null>(null);
