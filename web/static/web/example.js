// The rule pages' worked example (SPEC §5), built by hand: no HM1 code deals it. The steps are
// written out tap by tap with what each tap does, as the rule pages tell it; the page only keeps
// the books (a removed card's pile shows the card below it, or a card back when the rule pages
// do not say which card that is). The browser tests replay the same taps on the engine.

/** The example deal before the first move: top card and count of every position. */
export const EXAMPLE_START = {
  P1: { card: "5S", count: 8 }, P2: { card: "AH", count: 8 }, P3: { card: "KH", count: 8 },
  P4: { card: "4C", count: 8 }, P5: { card: "QH", count: 8 }, P6: { card: "5H", count: 8 },
  P7: { card: "7S", count: 8 }, P8: { card: "6D", count: 8 }, P9: { card: "10D", count: 8 },
  P10: { card: "10C", count: 8 }, P11: { card: "2D", count: 8 }, P12: { card: "KH", count: 8 },
  R1: { card: "10H", count: 1 }, R2: { card: "6S", count: 1 }, R3: { card: "3D", count: 1 },
  R4: { card: "4S", count: 1 }, R5: { card: "7D", count: 1 }, R6: { card: "5S", count: 1 },
  R7: { card: "JH", count: 1 }, R8: { card: "AC", count: 1 },
};

/** The cards the rule pages name under a removed top (the rest stay face down). */
const BELOW = { P1: "7H", P8: "JC" };

/**
 * Each step: the position tapped, what the tap did (``removed`` positions, the ``selection``
 * after it, the move-errors ``message`` code), and what it says in each language.
 */
export const EXAMPLE_STEPS = [
  { tap: "P1", selection: ["P1"], text: {
    en: "Tap 5♠ on pile 1: it is selected.",
    hr: "Dodirni 5♠ na hrpi 1: karta je odabrana.",
    tr: "1 numaralı yığındaki 5♠ kartına dokunun: kart seçilir." } },
  { tap: "P8", removed: ["P1", "P8"], selection: [], text: {
    en: "Tap 6♦ on pile 8: 5 + 6 = 11, the pair is removed. Pile 1 now shows 7♥ and pile 8 shows J♣.",
    hr: "Dodirni 6♦ na hrpi 8: 5 + 6 = 11, par se uklanja. Na hrpi 1 sada je 7♥, a na hrpi 8 V♣.",
    tr: "8 numaralı yığındaki 6♦ kartına dokunun: 5 + 6 = 11, çift kaldırılır. 1 numaralı yığında artık 7♥, 8 numaralı yığında V♣ görünür." } },
  { tap: "R6", selection: ["R6"], text: {
    en: "The other 5♠ is in the reserve, R6. Tap it: it is selected.",
    hr: "Drugi 5♠ je u rezervi, R6. Dodirni ga: odabran je.",
    tr: "Diğer 5♠ rezervde, R6'da. Ona dokunun: seçilir." } },
  { tap: "P2", selection: [], message: "sum_must_be_11", text: {
    en: "Tap A♥ on pile 2: 5 + 1 = 6, not 11. Nothing is removed and the selection is cleared.",
    hr: "Dodirni A♥ na hrpi 2: 5 + 1 = 6, a ne 11. Ništa se ne uklanja i odabir se poništava.",
    tr: "2 numaralı yığındaki A♥ kartına dokunun: 5 + 1 = 6, 11 değil. Hiçbir kart kaldırılmaz ve seçim temizlenir." } },
  { tap: "R6", selection: ["R6"], text: {
    en: "Select 5♠ in R6 again.",
    hr: "Ponovno odaberi 5♠ u R6.",
    tr: "R6'daki 5♠ kartını yeniden seçin." } },
  { tap: "P3", selection: [], message: "sum_must_be_11", text: {
    en: "Tap K♥ on pile 3: a number card and a face card never go together. The selection is cleared.",
    hr: "Dodirni R♥ na hrpi 3: brojčana karta i figura nikada ne idu zajedno. Odabir se poništava.",
    tr: "3 numaralı yığındaki R♥ kartına dokunun: bir sayı kartıyla bir resimli kart birlikte kaldırılmaz. Seçim temizlenir." } },
  { tap: "P12", selection: ["P12"], text: {
    en: "Tap K♥ on pile 12: it is selected.",
    hr: "Dodirni R♥ na hrpi 12: odabrana je.",
    tr: "12 numaralı yığındaki R♥ kartına dokunun: seçilir." } },
  { tap: "P3", selection: ["P3"], message: "needs_jack_queen_king", text: {
    en: "Tap the other K♥, on pile 3: two face cards of the same rank do not combine. The second becomes the selected card.",
    hr: "Dodirni drugi R♥, na hrpi 3: dvije figure iste vrijednosti ne zbrajaju se. Druga postaje odabrana karta.",
    tr: "3 numaralı yığındaki diğer R♥ kartına dokunun: aynı değerde iki resimli kart birleştirilmez. İkinci kart seçili kart olur." } },
  { tap: "P8", selection: ["P3", "P8"], text: {
    en: "Tap J♣ on pile 8: a king and a jack are both selected. The app waits for the third card.",
    hr: "Dodirni V♣ na hrpi 8: kralj i dečko su oba odabrana. Aplikacija čeka treću kartu.",
    tr: "8 numaralı yığındaki V♣ kartına dokunun: Papaz ve Vale ikisi de seçilir. Uygulama üçüncü kartı bekler." } },
  { tap: "P5", removed: ["P3", "P5", "P8"], selection: [], text: {
    en: "Tap Q♥ on pile 5: J♣, Q♥ and K♥ make a triple and are removed. 25 points after 2 moves.",
    hr: "Dodirni D♥ na hrpi 5: V♣, D♥ i R♥ čine trojku i uklanjaju se. 25 bodova nakon 2 poteza.",
    tr: "5 numaralı yığındaki D♥ kartına dokunun: V♣, D♥ ve R♥ bir üçlü oluşturur ve kaldırılır. 2 hamleden sonra 25 puan." } },
];

/** Move-errors texts, as the service words them (the example shows them without a game). */
export const MESSAGES = {
  en: { sum_must_be_11: "The sum must equal 11", needs_jack_queen_king: "A jack, a queen and a king are needed" },
  hr: { sum_must_be_11: "Zbroj mora biti jednak 11", needs_jack_queen_king: "Potrebni su dečko, dama i kralj" },
  tr: { sum_must_be_11: "Toplam 11 olmalıdır", needs_jack_queen_king: "Bir Vale, bir Kız ve bir Papaz gerekir" },
};

/**
 * The table after the first ``count`` steps: {spots, selection, score, moves, step}. A removed
 * top shows the card below it when the rule pages name it, else a card back (card null).
 */
export function exampleAt(count) {
  const spots = Object.fromEntries(Object.entries(EXAMPLE_START).map(([p, s]) => [p, { ...s }]));
  const revealed = new Set();
  let score = 0, moves = 0, selection = [];
  for (const step of EXAMPLE_STEPS.slice(0, count)) {
    if (step.removed) {
      for (const position of step.removed) {
        const spot = spots[position];
        spot.count -= 1;
        const below = BELOW[position];
        spot.card = spot.count && below && !revealed.has(position) ? below : null;
        revealed.add(position);
      }
      score += step.removed.length === 2 ? 10 : 15;
      moves += 1;
    }
    selection = step.selection;
  }
  return { spots, selection, score, moves, step: count ? EXAMPLE_STEPS[count - 1] : null };
}
