import unhomoglyph from 'unhomoglyph';

/**
 * The UTS #39 skeleton of `text` (Unicode Security Mechanisms, section 4): NFD, Default_Ignorable code
 * points removed, each character replaced by its prototype from Unicode's confusables.txt (the
 * `unhomoglyph` package ships that table), NFD again. Two strings that look alike have the same skeleton:
 * `WΕTH` with a Greek capital epsilon and `ZRХ` with a Cyrillic Ha become `WETH` and `ZRX`.
 */
export function confusableSkeleton(text: string): string {
  const decomposed = text.normalize('NFD').replace(/\p{Default_Ignorable_Code_Point}/gu, '');
  return unhomoglyph(decomposed).normalize('NFD');
}

/**
 * The keys under which two names or symbols count as lookalikes: the skeleton as written, and the
 * skeletons of its upper- and lower-case forms. The relayer already treats symbols case-insensitively
 * (`wEtH` is `WETH`), and some confusables exist in one case only (a Greek small epsilon is not in the
 * table, its capital is), so a match on any one key is a clash.
 */
export function lookalikeKeys(text: string): [string, string, string] {
  const trimmed = text.trim();
  return [
    confusableSkeleton(trimmed),
    confusableSkeleton(trimmed.toUpperCase()),
    confusableSkeleton(trimmed.toLowerCase()),
  ];
}
