/**
 * 'Find your farm': a combobox over the offline gazetteer of WA localities (name or postcode),
 * plus the optional online geocoder when one is configured. Works with the keyboard: arrows move,
 * Enter picks, Escape closes.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { decodeGazetteer, formatLocality, searchLocalities, type GazetteerFile, type Locality } from '@shared/domain/geo/gazetteer';
import { useSettledValue } from '../../lib/use-settled-value';
import { geocode } from './geocoder';
import styles from './farm-mapping.module.css';
import { plural } from '@shared/format';

export interface FoundPlace {
  label: string;
  lat: number;
  lng: number;
  source: 'gazetteer' | 'geocoder';
}

export interface LocalitySearchProps {
  onSelect: (place: FoundPlace) => void;
  /** URL template of the optional geocoder; undefined = gazetteer only. */
  geocoderUrl?: string;
  geocoderAttribution?: string;
  /** The box's label and what is said once a place is chosen; the quote wizard's farm wording by default. */
  label?: string;
  chosenMessage?: (placeLabel: string) => string;
  /** What the member already told us (the address given on get-started): in the box, so the farm is not typed twice. */
  initialQuery?: string | undefined;
  /** Open the list of matches for initialQuery at once (default), or only when the box is focused. */
  openAtStart?: boolean;
}

/** The gazetteer loads (as its own chunk) the first time someone focuses the box or searches, and is kept for the session. */
const gazetteerQueryOptions = queryOptions<Locality[]>({
  queryKey: ['wa-localities'],
  queryFn: () => import('@shared/domain/geo/wa-localities.json').then((module) => decodeGazetteer(module.default as GazetteerFile)),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** How long typing must pause before the online geocoder is asked (it is a shared service with a usage policy). */
const GEOCODE_PAUSE_MS = 400;

/** Addresses from the online geocoder for a settled query, cached per text; a failure (offline, refused) leaves the gazetteer's results on their own. */
const geocoderQueryOptions = (geocoderUrl: string | undefined, text: string) =>
  queryOptions({
    queryKey: ['geocode', geocoderUrl, text],
    queryFn: ({ signal }) => geocode(geocoderUrl ?? '', text, signal),
    enabled: geocoderUrl !== undefined && geocoderUrl !== '' && text.length >= 4,
    staleTime: 5 * 60_000,
    retry: false,
  });

function searchMessage(text: string, found: number, addresses: number, geocoderOn: boolean): string {
  if (text === '') return '';
  if (found > 0) return `${plural(found, 'place')} found`;
  if (addresses > 0) return `${plural(addresses, 'address', 'addresses')} found`;
  return geocoderOn ? 'No WA locality matches; searching addresses…' : 'No WA locality or postcode matches. Try the nearest town, or move the map and put the farm marker at its centre.';
}

const farmChosenMessage = (placeLabel: string) => `Farm location set to ${placeLabel}. Drag the marker to your homestead if you like.`;

export function LocalitySearch({ onSelect, geocoderUrl, geocoderAttribution, label = 'Find your farm', chosenMessage = farmChosenMessage, initialQuery = '', openAtStart = true }: LocalitySearchProps) {
  const id = useId();
  const [query, setQuery] = useState(initialQuery.trim());
  const [open, setOpen] = useState(openAtStart && initialQuery.trim() !== '');
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const text = query.trim();
  const settledText = useSettledValue(text, GEOCODE_PAUSE_MS);
  const localities = useQuery({ ...gazetteerQueryOptions, enabled: text !== '' }).data;
  const addresses = useQuery(geocoderQueryOptions(geocoderUrl, settledText)).data;

  const found = useMemo(
    () =>
      text === '' || localities === undefined
        ? []
        : searchLocalities(localities, text).map<FoundPlace>((locality) => ({ label: formatLocality(locality), lat: locality.lat, lng: locality.lng, source: 'gazetteer' })),
    [localities, text],
  );
  // Addresses answer the text as it stood when typing paused; they are shown only while it still stands.
  const placesFound = settledText === text && addresses !== undefined ? addresses.map<FoundPlace>((place) => ({ ...place, source: 'geocoder' })) : [];
  const results = [...found, ...placesFound];
  const activeIndex = results.length === 0 ? -1 : Math.min(active, results.length - 1);
  const message = chosen ?? (localities === undefined && placesFound.length === 0 ? '' : searchMessage(text, found.length, placesFound.length, Boolean(geocoderUrl)));

  const choose = (place: FoundPlace) => {
    onSelect(place);
    setQuery(place.label);
    setOpen(false);
    setChosen(chosenMessage(place.label));
  };

  const listId = `${id}-list`;
  const showList = open && results.length > 0;
  return (
    <div className={styles.search}>
      <label htmlFor={`${id}-input`} className={styles.label}>
        {label}
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        Type the nearest town or locality, or the postcode. Works without internet.
      </p>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-describedby={`${id}-hint`}
        aria-activedescendant={showList && activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
        className={styles.input}
        value={query}
        placeholder="e.g. Merredin or 6415"
        onFocus={() => {
          void queryClient.prefetchQuery(gazetteerQueryOptions);
          setOpen(true);
        }}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setChosen(null);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive(Math.min(results.length - 1, activeIndex + 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive(Math.max(0, activeIndex - 1));
          } else if (event.key === 'Enter') {
            // Never the step's Continue: Enter here picks a place or does nothing.
            event.preventDefault();
            const place = results[activeIndex] ?? results[0];
            if (place && open) choose(place);
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label="Places" className={styles.options} hidden={!showList}>
        {results.map((place, index) => (
          <li
            key={`${place.source}-${place.label}-${index}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className={index === activeIndex ? `${styles.option} ${styles.optionActive}` : styles.option}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(place);
            }}
          >
            {place.label}
            {place.source === 'geocoder' && <span className={styles.optionSource}> · address search</span>}
          </li>
        ))}
      </ul>
      <p className={styles.srOnly} role="status" aria-live="polite">
        {message}
      </p>
      {geocoderUrl && geocoderAttribution && <p className={styles.hint}>{geocoderAttribution}</p>}
    </div>
  );
}
