import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { countries } from '@verzendhuis/domain/countries';
import { contactTexts } from '@verzendhuis/domain/contacts-texts';

const countryOptions = countries.map((c) => ({ value: c.code, label: c.name }));

/** Whether a typed text matches a country the way the list filters: part of its Dutch name, or its code. */
export function matchesCountry(text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return countries.some((c) => c.name.toLowerCase().includes(needle) || c.code.toLowerCase() === needle);
}

/**
 * The one country picker (account spec §2 Address book; the order form's recipient): Dutch
 * names, the Canary Islands (IC) included, "Land niet gevonden" when nothing matches, and
 * text that matches no country clears the value when the field is left.
 */
export function CountrySelect({ value, onChange, onBlur, ...props }: Omit<SelectProps, 'data' | 'searchable' | 'onChange'> & { onChange: (code: string | null) => void }) {
  const [typed, setTyped] = useState('');
  return (
    <Select
      {...props}
      data={countryOptions}
      searchable
      allowDeselect={false}
      nothingFoundMessage={contactTexts.countryNotFound}
      value={value}
      onChange={(code) => onChange(code)}
      onSearchChange={setTyped}
      onBlur={(event) => {
        const selectedLabel = countryOptions.find((o) => o.value === value)?.label;
        if (typed.trim() !== '' && typed !== selectedLabel && !matchesCountry(typed)) onChange(null);
        onBlur?.(event);
      }}
    />
  );
}
