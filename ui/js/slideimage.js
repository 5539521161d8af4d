// The sliding puzzle's pictures as images, for the picture menu (screens/slide.js) and the
// screen (screens/slide-play.js): a leaf both import, so neither imports the other.

import { call } from './backend.js';
import { t } from './i18n.js';

/** An image element once `src` has loaded and decoded. */
export function loadImage(src) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(t('slide.picture_undecodable')));
    img.src = src;
  });
}

/** The player's own picture `name` as a decoded image: {img, width, height, vector: false}. */
export async function ownPicture(name) {
  const d = await call('picture', { name });
  const img = await loadImage(d.data_url);
  // The decoded size, not the file header's: a phone photo's EXIF orientation may turn it.
  return { img, width: img.naturalWidth || d.width, height: img.naturalHeight || d.height, vector: false };
}
