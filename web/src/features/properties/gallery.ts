// Photo gallery rules (spec 1 §4–5, §9): where a new photo goes, and what may be uploaded.
export { imageProblem as photoProblem } from '../../lib/imageFile';

/** A new photo goes after the last one, or first in an empty gallery. */
export function nextPosition(images: readonly { sequence_position: number }[]): number {
  return images.reduce((last, i) => Math.max(last, i.sequence_position), 0) + 1;
}

/** A position as typed: a whole number from 1, else null. */
export function parsePosition(text: string): number | null {
  return /^\d+$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null;
}
