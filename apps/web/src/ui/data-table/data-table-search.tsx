import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { dataTableTexts } from '@verzendhuis/domain/orders-texts';

/** Orders spec §2.3 and §9: the search of every list is debounced 300 ms. */
export const searchDebounceMs = 300;

/** A search box that reports its text after the user stops typing. */
export function DataTableSearch({
  search,
  onSearch,
  placeholder = dataTableTexts.searchPlaceholder,
}: {
  search: string;
  onSearch: (search: string) => void;
  placeholder?: string;
}) {
  const [value, setValue] = useState(search);
  const [sent, setSent] = useState(search);
  // The URL changed from elsewhere (back button, another tab): show that text.
  if (search !== sent) {
    setSent(search);
    setValue(search);
  }
  const report = useDebouncedCallback((next: string) => {
    setSent(next.trim());
    onSearch(next.trim());
  }, searchDebounceMs);
  return (
    <TextInput
      aria-label={dataTableTexts.searchLabel}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
      type="search"
      w={{ base: '100%', sm: 360 }}
      data-testid="list-search"
    />
  );
}
