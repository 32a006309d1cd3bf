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
    settings_title: "Settings", move_errors: "Move errors",
    move_errors_hint: "Explain why two cards do not fit.",
    placement_aid: "Placement aid", placement_aid_hint: "Dims the cards that cannot be combined with the selected card.",
    winnable_deals: "Winnable deals only", winnable_deals_hint: "New games are deals known to be winnable.",
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
    rules: "Rules", examples: "Examples", stats: "Statistics", game_menu: "Game",
    rules_title: "Half Moon rules", examples_title: "Examples", stats_title: "Your statistics",
    see_examples: "The example, move by move", see_rules: "The rules",
    diagram_caption: "Under each card: its pile (1 to 12) or reserve slot (R1 to R8) and how many cards it holds.",
    hidden_card: "a card not shown yet",
    pairs_caption: "The five kinds of pairs: each makes 11.",
    triple_caption: "A triple: a jack, a queen and a king, any suits.",
    refused_caption: "These do not fit: 5 and ace make 6; a number card with a face card; two face cards of the same rank.",
    note_number_face: "number card + face card", note_same_rank: "same rank: the second is selected",
    fits: "removed", does_not_fit: "does not fit",
    step_of: "Step {n} of {total}", previous: "Previous", next: "Next", restart: "From the start",
    example_start: "The example deal. Pile 1 shows 5♠ and pile 8 shows 6♦. Press Next to play it.",
    tapped: "Tapped: {card}", message_shown: "With “Move errors” on, the app says:",
    games_played: "Games played", games_won: "Won", win_rate: "Win rate",
    best_time: "Best winning time", average_time: "Average winning time",
    daily_attempts: "Ranked daily games", daily_won: "Daily wins", current_streak: "Current streak",
    best_streak: "Best streak", best_rank: "Best daily rank", best_rank_value: "{rank} on {date}",
    recent_results: "Recent games", daily_history: "Daily history", date: "Date", kind: "Kind",
    status_playing: "in play", status_stalled: "stalled", status_won: "won", status_resigned: "resigned",
    no_games: "No games yet.", no_daily: "No daily games yet.", open_game: "Open the game",
    chart_label: "Scores of your last {n} games, oldest first: {list}.",
    chart_legend: "Bar height: score (520 = won). Green: won; grey: resigned; gold: still open.",
  },
  hr: {
    title: "Half Moon",
    time: "Vrijeme", score: "Bodovi", moves: "Potezi", cards_left: "Karte", deal: "Dijeljenje",
    copy: "Kopiraj šifru dijeljenja", copied: "Šifra dijeljenja je kopirana", copy_failed: "Kopiranje nije uspjelo: označi šifru i kopiraj je",
    undo: "Poništi", new_game: "Nova igra", by_code: "Po šifri", by_code_long: "Igra po šifri",
    daily: "Dnevna", settings: "Postavke", resign: "Predaj", close: "Zatvori", cancel: "Odustani",
    play: "Igraj", save: "Spremi",
    settings_title: "Postavke", move_errors: "Pogreške pri potezima",
    move_errors_hint: "Objašnjava zašto karte ne odgovaraju.",
    placement_aid: "Pomoć pri postavljanju", placement_aid_hint: "Zatamnjuje karte koje se ne mogu kombinirati s odabranom kartom.",
    winnable_deals: "Samo rješive partije", winnable_deals_hint: "Nove igre su partije za koje se zna da se mogu riješiti.",
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
    rules: "Pravila", examples: "Primjeri", stats: "Statistika", game_menu: "Igra",
    rules_title: "Pravila igre Half Moon", examples_title: "Primjeri", stats_title: "Tvoja statistika",
    see_examples: "Primjer, potez po potez", see_rules: "Pravila",
    diagram_caption: "Ispod svake karte: broj hrpe (od 1 do 12) ili polja rezerve (od R1 do R8) te broj karata u njemu.",
    hidden_card: "karta koja se još ne vidi",
    pairs_caption: "Pet vrsta parova: svaki daje 11.",
    triple_caption: "Trojka: dečko, dama i kralj, bilo kojih boja.",
    refused_caption: "Ovo ne odgovara: 5 i as daju 6; brojčana karta s figurom; dvije figure iste vrijednosti.",
    note_number_face: "brojčana karta + figura", note_same_rank: "ista vrijednost: druga postaje odabrana",
    fits: "uklanja se", does_not_fit: "ne odgovara",
    step_of: "Korak {n} od {total}", previous: "Natrag", next: "Dalje", restart: "Od početka",
    example_start: "Dijeljenje iz primjera. Na hrpi 1 je 5♠, na hrpi 8 je 6♦. Pritisni Dalje.",
    tapped: "Dodirnuto: {card}", message_shown: "Uz „Pogreške pri potezima”, aplikacija kaže:",
    games_played: "Odigrane igre", games_won: "Pobjede", win_rate: "Postotak pobjeda",
    best_time: "Najbolje vrijeme pobjede", average_time: "Prosječno vrijeme pobjede",
    daily_attempts: "Rangirane dnevne igre", daily_won: "Dnevne pobjede", current_streak: "Trenutni niz",
    best_streak: "Najbolji niz", best_rank: "Najbolje dnevno mjesto", best_rank_value: "{rank}. ({date})",
    recent_results: "Nedavne igre", daily_history: "Povijest dnevnih igara", date: "Datum", kind: "Vrsta",
    status_playing: "u tijeku", status_stalled: "zastoj", status_won: "pobjeda", status_resigned: "predano",
    no_games: "Još nema igara.", no_daily: "Još nema dnevnih igara.", open_game: "Otvori igru",
    chart_label: "Bodovi tvojih zadnjih {n} igara, od najstarije: {list}.",
    chart_legend: "Visina stupca: bodovi (520 = pobjeda). Zeleno: pobjeda; sivo: predano; zlatno: u tijeku.",
  },
  tr: {
    title: "Half Moon",
    time: "Süre", score: "Puan", moves: "Hamle", cards_left: "Kart", deal: "Dağıtım",
    copy: "Dağıtım kodunu kopyala", copied: "Dağıtım kodu kopyalandı", copy_failed: "Kopyalanamadı: kodu seçip kopyalayın",
    undo: "Geri al", new_game: "Yeni oyun", by_code: "Kodla", by_code_long: "Kodla oyun",
    daily: "Günlük", settings: "Ayarlar", resign: "Pes et", close: "Kapat", cancel: "Vazgeç",
    play: "Oyna", save: "Kaydet",
    settings_title: "Ayarlar", move_errors: "Hamle hataları",
    move_errors_hint: "Kartların neden uygun olmadığını açıklar.",
    placement_aid: "Yerleştirme yardımı", placement_aid_hint: "Seçili kartla birlikte kullanılamayan kartları karartır.",
    winnable_deals: "Yalnızca kazanılabilir oyunlar", winnable_deals_hint: "Yeni oyunlar, kazanılabildiği bilinen dağıtımlardır.",
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
    rules: "Kurallar", examples: "Örnekler", stats: "İstatistik", game_menu: "Oyun",
    rules_title: "Half Moon kuralları", examples_title: "Örnekler", stats_title: "İstatistikleriniz",
    see_examples: "Örnek, hamle hamle", see_rules: "Kurallar",
    diagram_caption: "Her kartın altında: yığının numarası (1 ile 12 arası) veya rezerv yerinin numarası (R1 ile R8 arası) ve kart sayısı.",
    hidden_card: "henüz görünmeyen bir kart",
    pairs_caption: "Beş tür çift: her biri 11 eder.",
    triple_caption: "Üçlü: herhangi bir kart türünden bir Vale, bir Kız ve bir Papaz.",
    refused_caption: "Bunlar uygun değil: 5 ile As 6 eder; bir sayı kartıyla bir resimli kart; aynı değerde iki resimli kart.",
    note_number_face: "sayı kartı + resimli kart", note_same_rank: "aynı değer: ikinci kart seçilir",
    fits: "kaldırılır", does_not_fit: "uygun değil",
    step_of: "Adım {n} / {total}", previous: "Geri", next: "İleri", restart: "Baştan",
    example_start: "Örnek dağıtım. 1 numaralı yığında 5♠, 8 numaralı yığında 6♦ var. İleri'ye basın.",
    tapped: "Dokunulan: {card}", message_shown: "“Hamle hataları” açıkken uygulama şunu söyler:",
    games_played: "Oynanan oyunlar", games_won: "Kazanılan", win_rate: "Kazanma oranı",
    best_time: "En iyi kazanma süresi", average_time: "Ortalama kazanma süresi",
    daily_attempts: "Sıralamalı günlük oyunlar", daily_won: "Günlük zaferler", current_streak: "Güncel seri",
    best_streak: "En iyi seri", best_rank: "En iyi günlük sıra", best_rank_value: "{rank}. ({date})",
    recent_results: "Son oyunlar", daily_history: "Günlük oyun geçmişi", date: "Tarih", kind: "Tür",
    status_playing: "sürüyor", status_stalled: "tıkandı", status_won: "kazandı", status_resigned: "pes etti",
    no_games: "Henüz oyun yok.", no_daily: "Henüz günlük oyun yok.", open_game: "Oyunu aç",
    chart_label: "Son {n} oyununuzun puanları, en eskiden başlayarak: {list}.",
    chart_legend: "Sütun yüksekliği: puan (520 = kazanıldı). Yeşil: kazanıldı; gri: pes edildi; altın: sürüyor.",
  },
};

// Number cards are named by their numeral in every language, as the rule pages write them
// ("5♠", "kupa 7"), so a card's spoken name holds the index printed on it.
const RANKS = {
  en: { A: "ace", J: "jack", Q: "queen", K: "king" },
  hr: { A: "as", J: "dečko", Q: "dama", K: "kralj" },
  // Turkish names a card "<suit> <rank>", as the Turkish rule page does: "kupa 7", "kupa Papaz".
  tr: { A: "As", J: "Vale", Q: "Kız", K: "Papaz" },
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
  if (current === "tr") return `${suitName} ${RANKS.tr[rank] ?? rank}`;
  const rankName = RANKS[current][rank] ?? rank;
  return current === "hr" ? `${rankName} ${suitName}` : `${rankName} of ${suitName}`;
}

/** Fill every element carrying data-i18n (text), data-i18n-label (aria-label and title) or
 * data-i18n-aria (aria-label only). */
export function translateTree(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    const text = t(el.dataset.i18nLabel);
    el.setAttribute("aria-label", text);
    el.title = text;
  }
}
