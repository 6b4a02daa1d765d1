import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test-support/render-app';
import { LocationMap } from './location-map';

describe('LocationMap', () => {
  const points = [
    { id: 'a', latitude: 52.09, longitude: 5.12, title: 'Depot Utrecht' },
    { id: 'b', latitude: 52.37, longitude: 4.9, title: 'Depot Amsterdam' },
  ];

  it('shows a labelled map with the configured tiles', () => {
    renderInApp(<LocationMap label="Kaart van de afhaalpunten" points={points} selectedId="b" />);
    const region = screen.getByRole('region', { name: 'Kaart van de afhaalpunten' });
    const tile = region.querySelector('img.leaflet-tile');
    expect(tile?.getAttribute('src')).toMatch(/^http:\/\/tiles\.test\/\d+\/\d+\/\d+\.png$/);
  });

  it('shows the fallback when there is nothing to put on the map', () => {
    renderInApp(<LocationMap label="Kaart" points={[]} fallback={<p>Depot Utrecht, Nieuwegein</p>} />);
    expect(screen.getByText('Depot Utrecht, Nieuwegein')).toBeTruthy();
    expect(screen.queryByTestId('location-map')).toBeNull();
  });
});
