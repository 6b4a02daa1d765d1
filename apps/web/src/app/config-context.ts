import { createContext } from 'react';
import type { AppConfig } from '@verzendhuis/contract/config';

export const AppConfigContext = createContext<AppConfig | null>(null);
