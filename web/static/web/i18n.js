// UI strings of the client in en / hr / tr. Server messages (move errors, API errors) arrive
// already translated in the player's language; everything else on the page comes from here.

export const LANGUAGES = { en: "English", hr: "Hrvatski", tr: "Türkçe" };

const STRINGS = {
  en: {
    title: "Half Moon",
    time: "Time", score: "Score", moves: "Moves", cards_left: "Cards", deal: "Deal",
    copy: "Copy deal code", copied: "Deal code copied", copy_failed: "Could not copy: select the code and copy it",
    undo: "Undo", new_game: "New game", by_code: "By code", by_code_long: "Game by code",
    daily: "Daily", settings: "Settings", resign: "Resign", close: "Close", cancel: "Cancel",
    play: "Play", save: "Save",
    settings_title: "Settings", move_errors: "Show move errors",
    move_errors_hint: "Say why two cards do not make a removal.",
    placement_aid: "Placement aid", placement_aid_hint: "Dim the cards that cannot join the selection.",
    language: "Language", your_name: "Your name",
    keys_title: "Keyboard",
    keys_help: "Arrow keys move between positions; Enter or Space taps; U undoes; 1–9, 0, -, = jump to piles P1–P12; A S D F and Z X C V jump to the reserve.",
    code_title: "Play a deal by its code", code_label: "Deal code",
    code_hint: "HM1-N- and 7 letters, for example HM1-N-HALFMON.",
    stalled_title: "No more moves",
    stalled_text: "No pair sums to 11 and no jack, queen and king can go. Undo a move or start a new game.",
    won_title: "You won!", won_text: "All 104 cards are cleared.",
    resigned_title: "Game over", resigned_text: "This game has ended.",
    resign_confirm: "End this game now? It keeps its score.",
    pile: "Pile {n}", reserve: "Reserve {n}", empty: "empty", selected: "selected", dimmed: "does not fit",
    table: "Table", offline: "Connection lost. Reconnecting…", loading: "Loading…",
    watching: "Watching {name}'s game", you: "you",
    removed: "Removed {cards}.", and: "and",
    start_failed: "The game could not be loaded.", retry: "Try again",
    daily_title: "Daily deal", daily_of: "Daily deal of {date}", leaderboard: "Leaderboard",
    rank: "Rank", player: "Player", result: "Result",
    result_won: "won", result_resigned: "resigned", result_unfinished: "unfinished",
    my_rank: "Your rank: {rank} of {total}", not_ranked: "You have no ranked game today.",
    not_entered: "Your ranked game enters the board when it ends.",
    play_daily: "Play today's deal", continue_daily: "Continue your ranked game",
    practice_daily: "Practise today's deal", back_to_game: "Back to the game",
    no_entries: "No entries yet.", closes_in: "Closes in {time}", closed: "Closed",
    ranked: "ranked", practice: "practice", daily_badge: "Daily {date}",
  },
  hr: {
    title: "Half Moon",
    time: "Vrijeme", score: "Bodovi", moves: "Potezi", cards_left: "Karte", deal: "Dijeljenje",
    copy: "Kopiraj šifru dijeljenja", copied: "Šifra dijeljenja je kopirana", copy_failed: "Kopiranje nije uspjelo: označi šifru i kopiraj je",
    undo: "Poništi", new_game: "Nova igra", by_code: "Po šifri", by_code_long: "Igra po šifri",
    daily: "Dnevna", settings: "Postavke", resign: "Predaj", close: "Zatvori", cancel: "Odustani",
    play: "Igraj", save: "Spremi",
    settings_title: "Postavke", move_errors: "Prikaži pogreške poteza",
    move_errors_hint: "Objasni zašto dvije karte ne čine potez.",
    placement_aid: "Pomoć pri slaganju", placement_aid_hint: "Zatamni karte koje ne pristaju uz odabir.",
    language: "Jezik", your_name: "Tvoje ime",
    keys_title: "Tipkovnica",
    keys_help: "Strelice pomiču između mjesta; Enter ili razmak dodiruje; U poništava; 1–9, 0, -, = skaču na hrpe P1–P12; A S D F i Z X C V skaču na rezervu.",
    code_title: "Igraj dijeljenje po šifri", code_label: "Šifra dijeljenja",
    code_hint: "HM1-N- i 7 slova, na primjer HM1-N-HALFMON.",
    stalled_title: "Nema više poteza",
    stalled_text: "Nijedan par nema zbroj 11 i ne mogu se ukloniti dečko, dama i kralj. Poništi potez ili započni novu igru.",
    won_title: "Pobjeda!", won_text: "Sve 104 karte su uklonjene.",
    resigned_title: "Kraj igre", resigned_text: "Ova igra je završena.",
    resign_confirm: "Završiti ovu igru sada? Bodovi ostaju.",
    pile: "Hrpa {n}", reserve: "Rezerva {n}", empty: "prazno", selected: "odabrano", dimmed: "ne pristaje",
    table: "Stol", offline: "Veza je prekinuta. Ponovno spajanje…", loading: "Učitavanje…",
    watching: "Gledaš igru: {name}", you: "ti",
    removed: "Uklonjeno: {cards}.", and: "i",
    start_failed: "Igru nije moguće učitati.", retry: "Pokušaj ponovno",
    daily_title: "Dnevno dijeljenje", daily_of: "Dnevno dijeljenje {date}", leaderboard: "Ljestvica",
    rank: "Mjesto", player: "Igrač", result: "Ishod",
    result_won: "pobjeda", result_resigned: "predano", result_unfinished: "nedovršeno",
    my_rank: "Tvoje mjesto: {rank} od {total}", not_ranked: "Danas nemaš rangiranu igru.",
    not_entered: "Tvoja rangirana igra ulazi na ljestvicu kad završi.",
    play_daily: "Igraj današnje dijeljenje", continue_daily: "Nastavi rangiranu igru",
    practice_daily: "Vježbaj današnje dijeljenje", back_to_game: "Natrag na igru",
    no_entries: "Još nema rezultata.", closes_in: "Zatvara se za {time}", closed: "Zatvoreno",
    ranked: "rangirano", practice: "vježba", daily_badge: "Dnevna {date}",
  },
  tr: {
    title: "Half Moon",
    time: "Süre", score: "Puan", moves: "Hamle", cards_left: "Kart", deal: "Dağıtım",
    copy: "Dağıtım kodunu kopyala", copied: "Dağıtım kodu kopyalandı", copy_failed: "Kopyalanamadı: kodu seçip kopyalayın",
    undo: "Geri al", new_game: "Yeni oyun", by_code: "Kodla", by_code_long: "Kodla oyun",
    daily: "Günlük", settings: "Ayarlar", resign: "Pes et", close: "Kapat", cancel: "Vazgeç",
    play: "Oyna", save: "Kaydet",
    settings_title: "Ayarlar", move_errors: "Hamle hatalarını göster",
    move_errors_hint: "İki kartın neden kaldırılamadığını söyle.",
    placement_aid: "Yerleştirme yardımı", placement_aid_hint: "Seçimle birleşemeyen kartları soluklaştır.",
    language: "Dil", your_name: "Adınız",
    keys_title: "Klavye",
    keys_help: "Ok tuşları konumlar arasında gezer; Enter ya da Boşluk dokunur; U geri alır; 1–9, 0, -, = P1–P12 yığınlarına atlar; A S D F ve Z X C V yedeğe atlar.",
    code_title: "Bir dağıtımı koduyla oyna", code_label: "Dağıtım kodu",
    code_hint: "HM1-N- ve 7 harf, örneğin HM1-N-HALFMON.",
    stalled_title: "Hamle kalmadı",
    stalled_text: "Toplamı 11 olan çift ya da kaldırılabilecek Vale, Kız ve Papaz yok. Bir hamleyi geri alın ya da yeni bir oyuna başlayın.",
    won_title: "Kazandınız!", won_text: "104 kartın hepsi kaldırıldı.",
    resigned_title: "Oyun bitti", resigned_text: "Bu oyun sona erdi.",
    resign_confirm: "Bu oyun şimdi bitirilsin mi? Puanı korunur.",
    pile: "Yığın {n}", reserve: "Yedek {n}", empty: "boş", selected: "seçili", dimmed: "uymuyor",
    table: "Masa", offline: "Bağlantı koptu. Yeniden bağlanılıyor…", loading: "Yükleniyor…",
    watching: "{name} adlı oyuncunun oyunu izleniyor", you: "siz",
    removed: "Kaldırıldı: {cards}.", and: "ve",
    start_failed: "Oyun yüklenemedi.", retry: "Yeniden dene",
    daily_title: "Günün dağıtımı", daily_of: "{date} günlük dağıtımı", leaderboard: "Sıralama",
    rank: "Sıra", player: "Oyuncu", result: "Sonuç",
    result_won: "kazandı", result_resigned: "pes etti", result_unfinished: "bitmedi",
    my_rank: "Sıranız: {rank} / {total}", not_ranked: "Bugün sıralamaya giren oyununuz yok.",
    not_entered: "Sıralamalı oyununuz bitince sıralamaya girer.",
    play_daily: "Bugünün dağıtımını oyna", continue_daily: "Sıralamalı oyununuza devam edin",
    practice_daily: "Bugünün dağıtımıyla alıştırma yap", back_to_game: "Oyuna dön",
    no_entries: "Henüz sonuç yok.", closes_in: "{time} sonra kapanır", closed: "Kapandı",
    ranked: "sıralamalı", practice: "alıştırma", daily_badge: "Günlük {date}",
  },
};

const RANKS = {
  en: { A: "ace", J: "jack", Q: "queen", K: "king" },
  hr: { A: "as", 2: "dvojka", 3: "trojka", 4: "četvorka", 5: "petica", 6: "šestica", 7: "sedmica",
        8: "osmica", 9: "devetka", 10: "desetka", J: "dečko", Q: "dama", K: "kralj" },
  // Turkish names a card "<suit> <rank>" with the rank in its possessive form: "kupa kızı".
  tr: { A: "ası", 2: "ikilisi", 3: "üçlüsü", 4: "dörtlüsü", 5: "beşlisi", 6: "altılısı",
        7: "yedilisi", 8: "sekizlisi", 9: "dokuzlusu", 10: "onlusu", J: "valesi", Q: "kızı", K: "papazı" },
};
const SUITS = {
  en: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
  hr: { C: "tref", D: "karo", H: "herc", S: "pik" },
  tr: { C: "sinek", D: "karo", H: "kupa", S: "maça" },
};

let current = "en";

export function pickLanguage(preferred) {
  const candidates = [preferred, ...(navigator.languages || [navigator.language])];
  for (const tag of candidates) {
    const base = String(tag || "").toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

export function setLanguage(language) {
  current = language in LANGUAGES ? language : "en";
  document.documentElement.lang = current;
  document.title = STRINGS[current].title;
}

export function language() {
  return current;
}

export function t(key, params = {}) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

/** "8 cards" / "8 karata" / "8 kart". */
export function cardCount(n) {
  if (current === "hr") {
    const last = n % 10, lastTwo = n % 100;
    if (last === 1 && lastTwo !== 11) return `${n} karta`;
    if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return `${n} karte`;
    return `${n} karata`;
  }
  if (current === "tr") return `${n} kart`;
  return n === 1 ? "1 card" : `${n} cards`;
}

/** "queen of hearts" / "dama herc" / "kupa kızı" for a card code like "QH". */
export function cardName(code) {
  const rank = code.slice(0, -1), suit = code.slice(-1);
  const suitName = SUITS[current][suit];
  if (current === "tr") return `${suitName} ${RANKS.tr[rank]}`;
  const rankName = RANKS[current][rank] ?? rank;
  return current === "hr" ? `${rankName} ${suitName}` : `${rankName} of ${suitName}`;
}

/** Fill every element carrying data-i18n (text) or data-i18n-label (aria-label / title). */
export function translateTree(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    const text = t(el.dataset.i18nLabel);
    el.setAttribute("aria-label", text);
    el.title = text;
  }
}
