/**
 * 'Find your farm': a combobox over the offline gazetteer of WA localities (name or postcode),
 * plus the optional online geocoder when one is configured. Works with the keyboard: arrows move,
 * Enter picks, Escape closes.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { decodeGazetteer, formatLocality, searchLocalities, type GazetteerFile, type Locality } from '@shared/domain/geo/gazetteer';
import { geocode } from './geocoder';
import styles from './farm-mapping.module.css';

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
}

/** The gazetteer loads (as its own chunk) the first time someone focuses the box or searches, and is kept for the session. */
const gazetteerQueryOptions = queryOptions<Locality[]>({
  queryKey: ['wa-localities'],
  queryFn: () => import('@shared/domain/geo/wa-localities.json').then((module) => decodeGazetteer(module.default as GazetteerFile)),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function LocalitySearch({ onSelect, geocoderUrl, geocoderAttribution }: LocalitySearchProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<FoundPlace[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [message, setMessage] = useState('');
  const geocodeAbort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const localities = useQuery({ ...gazetteerQueryOptions, enabled: query.trim() !== '' }).data;

  useEffect(() => {
    const text = query.trim();
    if (text === '') {
      setResults([]);
      setMessage('');
      return;
    }
    let cancelled = false;
    if (localities !== undefined) {
      const found = searchLocalities(localities, text).map<FoundPlace>((locality) => ({ label: formatLocality(locality), lat: locality.lat, lng: locality.lng, source: 'gazetteer' }));
      setResults(found);
      setActive(found.length > 0 ? 0 : -1);
      setMessage(
        found.length === 0
          ? geocoderUrl
            ? 'No WA locality matches; searching addresses…'
            : 'No WA locality or postcode matches. Try the nearest town, or move the map and put the farm marker at its centre.'
          : `${found.length} place${found.length === 1 ? '' : 's'} found`,
      );
    }
    if (!geocoderUrl || text.length < 4) return () => void (cancelled = true);
    const timer = window.setTimeout(() => {
      geocodeAbort.current?.abort();
      const controller = new AbortController();
      geocodeAbort.current = controller;
      geocode(geocoderUrl, text, controller.signal)
        .then((places) => {
          if (cancelled || places.length === 0) return;
          setResults((current) => [...current, ...places.map<FoundPlace>((place) => ({ ...place, source: 'geocoder' }))]);
          setMessage((current) => (current.startsWith('No WA') ? `${places.length} address${places.length === 1 ? '' : 'es'} found` : current));
        })
        .catch(() => {
          // Offline or refused: the gazetteer results stand on their own.
        });
    }, 400);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [query, geocoderUrl, localities]);

  const choose = (place: FoundPlace) => {
    onSelect(place);
    setQuery(place.label);
    setOpen(false);
    setMessage(`Farm location set to ${place.label}. Drag the marker to your homestead if you like.`);
  };

  const listId = `${id}-list`;
  const showList = open && results.length > 0;
  return (
    <div className={styles.search}>
      <label htmlFor={`${id}-input`} className={styles.label}>
        Find your farm
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
        aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
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
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive((index) => Math.min(results.length - 1, index + 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => Math.max(0, index - 1));
          } else if (event.key === 'Enter') {
            // Never the step's Continue: Enter here picks a place or does nothing.
            event.preventDefault();
            const place = results[active] ?? results[0];
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
            aria-selected={index === active}
            className={index === active ? `${styles.option} ${styles.optionActive}` : styles.option}
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
