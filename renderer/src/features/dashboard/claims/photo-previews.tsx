/**
 * The photos chosen for a claim, shown before they are sent: a thumbnail of each (a browser that
 * cannot draw the file, HEIC say, shows its name alone), with its size. The object URLs live as
 * long as the choice does.
 */
import { useEffect, useState } from 'react';
import { formatFileSize } from '@shared/format';
import styles from '../dashboard.module.css';

export function PhotoPreviews({ photos }: { photos: readonly File[] }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = photos.map((photo) => URL.createObjectURL(photo));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [photos]);
  if (photos.length === 0) return null;
  return (
    <ul className={styles.photoPreviews} aria-label="Photos to send">
      {photos.map((photo, index) => (
        <li key={`${photo.name}:${photo.size}:${index}`}>
          <figure>
            {urls[index] && <img src={urls[index]} alt={`Chosen photo ${photo.name}`} />}
            <figcaption>
              {photo.name} ({formatFileSize(photo.size)})
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
