import cool from './placeholders/cool.svg?url';
import laughing from './placeholders/laughing.svg?url';
import neutral from './placeholders/neutral.svg?url';
import smile from './placeholders/smile.svg?url';
import starstruck from './placeholders/starstruck.svg?url';
import surprised from './placeholders/surprised.svg?url';
import wink from './placeholders/wink.svg?url';

/** SPEC §2: the 7 placeholder emoji images for tokens the coin catalogue lacks. */
export const placeholderImages = [smile, wink, surprised, cool, neutral, laughing, starstruck] as const;

const STORAGE_KEY = 'relayer.placeholderBadges';
const picks = new Map<string, number>(readStored());

/** A random placeholder per token address, stable for the browser session (sessionStorage). */
export function placeholderBadge(address: string, random: () => number = Math.random): string {
  const key = address.toLowerCase();
  let index = picks.get(key);
  if (index === undefined) {
    index = Math.floor(random() * placeholderImages.length) % placeholderImages.length;
    picks.set(key, index);
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...picks]));
    } catch {
      // Private mode or storage full: the pick still holds for this page.
    }
  }
  return placeholderImages[index] ?? smile;
}

function readStored(): [string, number][] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter(
          (entry): entry is [string, number] =>
            Array.isArray(entry) &&
            typeof entry[0] === 'string' &&
            Number.isInteger(entry[1]) &&
            entry[1] >= 0 &&
            entry[1] < 7,
        )
      : [];
  } catch {
    return [];
  }
}
