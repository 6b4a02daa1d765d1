import { useContext } from 'react';
import type { AppConfig } from '@verzendhuis/contract/config';
import { AppConfigContext } from './config-context';

/** The public configuration from GET /api/config; loaded before any route renders. */
export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig is used outside the loaded configuration');
  return config;
}
