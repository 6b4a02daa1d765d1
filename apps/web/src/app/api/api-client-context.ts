import { createContext } from 'react';
import type { ApiClient } from '@verzendhuis/contract/client';

export const ApiClientContext = createContext<ApiClient | null>(null);
