// The rules page's text. Croatian and Turkish are the original rule pages word for word;
// English follows the Croatian page sentence by sentence. Pictures ({figure}) stand where the
// rule pages describe what they show. Left out of the Turkish page: the list of the example's
// positions (the arc picture shows it, and says it in words to screen readers) and the line
// that names HM1-N-AAAAAAB as the example's deal code, which this app's HM1 deals do not give
// (the example comes from another program's shuffle).

export const RULE_TEXTS = {
  en: {
    title: "Half Moon rules",
    sections: [
      {
        heading: "Setup",
        blocks: [
          { p: "The game is played with 2 shuffled decks of 52 cards: 104 cards in all, every card twice. The app deals 96 of them into 12 piles of 8 cards; the last 8 form the reserve. There is no stock to draw from and no foundation: everything is on the table from the start." },
          { p: "On screen the piles form an arc open downwards: 3 piles on the left, 7 along the top, 2 on the right under the corner. The reserve fills the middle of the arc, in two rows of four cards. The app shows only the top card of each pile: the next card appears when the top one is removed. The diagrams on this page follow that layout and add under each card the number of the pile (1 to 12) or of the reserve slot (R1 to R8) and how many cards it holds." },
          { figure: "arc" },
        ],
      },
      {
        heading: "Allowed removals",
        blocks: [
          { ul: [
            "Playable: the top card of each of the 12 piles and every card still in the reserve.",
            "A pair: two cards from ace (worth 1) to 10 whose sum is 11. There are five kinds: ace and 10, 2 and 9, 3 and 8, 4 and 7, 5 and 6. The suit does not matter.",
            "A triple: a jack, a queen and a king, of any suits. Face cards never form a pair.",
            "You may combine sources of cards: a card from a pile with a card from the reserve, two cards from the reserve or two cards from piles.",
            "Removed cards leave the game; an emptied pile and an emptied reserve slot stay empty.",
          ] },
          { figure: "pairs" },
          { figure: "triple" },
          { p: "An example from a won game on the Examples page: in the first move 5♠ from pile 1 and 6♦ from pile 8 are removed together (5 + 6 = 11). Pile 8 then shows J♣, which in the next move is removed together with Q♥ from pile 5 and K♥ from pile 3." },
          { link: "examples" },
        ],
      },
      {
        heading: "Touching cards",
        blocks: [
          { ul: [
            "Tap the first card: this selects it. If you tap a second card that makes 11 with it, the pair is removed.",
            "For a triple, tap three face cards one after another; they are removed on the third tap. The app never selects the third card for the player.",
            "Tapping a selected card again deselects it.",
            "If the second card does not fit, nothing is removed: two number cards whose sum is not 11 (5♠ and A♥ from the same deal) or a number card and a face card (5♠ and K♥) clear the selection. Two face cards of the same rank (two K♥) do not combine: the second becomes the selected card.",
            "With the “Move errors” setting, which is off at first, the app explains this: “The sum must equal 11” or “A jack, a queen and a king are needed”.",
            "The “Placement aid” setting dims the cards that cannot be combined with the selected card as soon as you select it.",
          ] },
          { figure: "refused" },
        ],
      },
      {
        heading: "Scoring",
        blocks: [
          { p: "Each pair adds 10 points and each triple 15. The score never drops below zero and time does not affect it. As the two decks hold 80 cards from ace to 10 and 24 face cards, a won game always removes 40 pairs and 8 triples: 48 moves and 520 points, no more and no less." },
        ],
      },
      {
        heading: "End of the game",
        blocks: [
          { ul: [
            "Win: all the cards, 104 in all, are removed.",
            "Stall: among the playable cards there is no pair summing to 11 and no triple of a jack, a queen and a king. The app announces it; you can undo a move or start a new game.",
          ] },
        ],
      },
      {
        heading: "What the app offers",
        blocks: [
          { ul: [
            "Undo: up to the last 100 moves; the cards go back to their places, and the score and the move count go down.",
            "Information bar: time, score, moves and the deal code.",
            "Game code: every deal has a code (for example HM1-N-AAAAAAB) that gives exactly the same layout of cards.",
            "No solver and no hint button: the app does not say whether a deal can be solved.",
          ] },
        ],
      },
      {
        heading: "The app's rule and tradition",
        blocks: [
          { p: "Removing two cards that sum to 11, and face cards in threes, is the rule of the solitaire family known in English as Elevens, usually played with one deck and nine cards laid out in a square. Half Moon applies that rule to two decks, with piles in an arc and a reserve that is always in play." },
        ],
      },
    ],
  },
  hr: {
    title: "Pravila igre Half Moon",
    sections: [
      {
        heading: "Postavljanje",
        blocks: [
          { p: "Igra se s 2 pomiješana špila od po 52 karte: ukupno 104 karte, svaka u dva primjerka. Aplikacija ih dijeli 96 u 12 hrpa s po 8 karata; posljednjih 8 čini rezervu. Nema ni kupa za izvlačenje ni temeljnih hrpa: sve je na stolu od početka." },
          { p: "Na zaslonu hrpe čine luk otvoren prema dolje: 3 hrpe lijevo, 7 gore, 2 desno ispod kuta. Rezerva zauzima sredinu luka, u dva reda po četiri karte. Aplikacija prikazuje samo gornju kartu svake hrpe: sljedeća se karta pojavljuje kada se gornja ukloni. Dijagrami na ovoj stranici slijede taj raspored i ispod svake karte dodaju broj hrpe (od 1 do 12) ili polja rezerve (od R1 do R8) te broj karata u njemu." },
          { figure: "arc" },
        ],
      },
      {
        heading: "Dopuštena uklanjanja",
        blocks: [
          { ul: [
            "Mogu se odigrati: gornja karta svake od 12 hrpa i svaka karta koja je još u rezervi.",
            "Par: dvije karte od asa (koji vrijedi 1) do 10 čiji je zbroj 11. Postoji pet vrsta: as i 10, 2 i 9, 3 i 8, 4 i 7, 5 i 6. Boja nije važna.",
            "Trojka: dečko, dama i kralj, bilo kojih boja. Figure nikada ne čine par.",
            "Možete kombinirati izvore karata: kartu s hrpe s kartom iz rezerve, dvije karte iz rezerve ili dvije karte s hrpa.",
            "Uklonjene karte izlaze iz igre; ispražnjena hrpa i ispražnjeno polje rezerve ostaju prazni.",
          ] },
          { figure: "pairs" },
          { figure: "triple" },
          { p: "Primjer iz dobivene partije na stranici Primjeri: u prvom potezu zajedno se uklanjaju 5♠ s hrpe 1 i 6♦ s hrpe 8 (5 + 6 = 11). Na hrpi 8 tada se otkriva V♣, koji se u sljedećem potezu uklanja zajedno s kartom D♥ s hrpe 5 i kartom R♥ s hrpe 3." },
          { link: "examples" },
        ],
      },
      {
        heading: "Dodirivanje karata",
        blocks: [
          { ul: [
            "Dodirnite prvu kartu: time je odabirete. Dodirnete li drugu kartu koja s njom daje zbroj 11, par se uklanja.",
            "Za trojku dodirnite tri figure jednu za drugom; uklanjaju se pri trećem dodiru. Aplikacija nikada ne odabire treću umjesto igrača.",
            "Ponovnim dodirom odabrane karte poništava se njezin odabir.",
            "Ako druga karta ne odgovara, ništa se ne uklanja: dvije brojčane karte čiji zbroj nije 11 (5♠ i A♥ iz istog dijeljenja) ili brojčana karta i figura (5♠ i R♥) poništavaju odabir. Dvije figure iste vrijednosti (dvije karte R♥) ne zbrajaju se: druga postaje odabrana karta.",
            "Uz postavku „Pogreške pri potezima”, koja je početno isključena, aplikacija to objašnjava: „Zbroj mora biti jednak 11” ili „Potrebni su dečko, dama i kralj”.",
            "Postavka „Pomoć pri postavljanju” zatamnjuje karte koje se ne mogu kombinirati s odabranom kartom čim je odaberete.",
          ] },
          { figure: "refused" },
        ],
      },
      {
        heading: "Bodovanje",
        blocks: [
          { p: "Svaki par dodaje 10, a svaka trojka 15 bodova. Rezultat nikada ne pada ispod nule i vrijeme ne utječe na njega. Budući da dva špila sadrže 80 karata od asa do 10 i 24 figura, u dobivenoj partiji uvijek se uklanja 40 parova i 8 trojki: 48 poteza i 520 bodova, ni više ni manje." },
        ],
      },
      {
        heading: "Kraj igre",
        blocks: [
          { ul: [
            "Pobjeda: uklonjene su sve karte, ukupno 104.",
            "Zastoj: među kartama koje se mogu odigrati nema nijednog para sa zbrojem 11 ni trojke dečko, dama, kralj. Aplikacija to objavljuje; možete poništiti potez ili započeti novu partiju.",
          ] },
        ],
      },
      {
        heading: "Što aplikacija nudi",
        blocks: [
          { ul: [
            "Poništavanje: do posljednjih 100 poteza; karte se vraćaju na svoja mjesta, a rezultat i broj poteza smanjuju se.",
            "Informacijska traka: vrijeme, bodovi, potezi i šifra dijeljenja.",
            "Šifra partije: svako dijeljenje ima šifru (primjerice HM1-N-AAAAAAB) koja omogućuje potpuno isti raspored karata.",
            "Nema rješavača ni gumba za savjet: aplikacija ne govori može li se dijeljenje riješiti.",
          ] },
        ],
      },
      {
        heading: "Pravila aplikacije i tradicija",
        blocks: [
          { p: "Uklanjanje dviju karata čiji je zbroj 11 i figura po troje pravilo je obitelji pasijansa poznate pod engleskim nazivom Elevens, koja se obično igra jednim špilom s devet karata raspoređenih u kvadrat. Half Moon primjenjuje to pravilo na dva špila, s hrpama u luku i rezervom koja je uvijek dostupna za igru." },
        ],
      },
    ],
  },
  tr: {
    title: "Half Moon kuralları",
    sections: [
      {
        heading: "Kısaca",
        blocks: [
          { p: "2 deste, her birinde 8 kart bulunan 12 yığın ve 8 rezerv kartı. Yalnızca her yığının en üst kartı ve rezerv kartları oynanabilir. As ile 10 arasındaki kartlardan toplamı 11 olan iki kart veya bir Vale, bir Kız ve bir Papaz birlikte kaldırılır. Çift: 10 puan; üçlü: 15. 104 kartın tamamı kaldırıldığında oyun kazanılır." },
        ],
      },
      {
        heading: "Kurulum",
        blocks: [
          { p: "Her biri 52 kartlık 2 deste karıştırılarak oynanır: her karttan iki kopya olmak üzere 104 kart. Uygulama bunların 96 tanesini, her birinde 8 kart bulunan 12 yığına dağıtır; kalan 8 kart rezervi oluşturur. Çekme destesi veya temel yığın yoktur: tüm kartlar başlangıçtan itibaren masadadır." },
          { p: "Ekranda yığınlar aşağıya doğru açık bir yay oluşturur: solda 3, üstte 7, sağda köşenin altında 2 yığın. Rezerv, dörder kartlık iki sıra hâlinde yayın ortasında yer alır. Uygulama her yığının yalnızca en üst kartını gösterir: üstteki kart kaldırıldığında sonraki kart ortaya çıkar. Bu sitedeki şemalar aynı düzeni izler ve her kartın altına yığının numarasını (1 ile 12 arası) veya rezerv yerinin numarasını (R1 ile R8 arası) ve kart sayısını ekler." },
          { figure: "arc" },
        ],
      },
      {
        heading: "İzin verilen kart kaldırma işlemleri",
        blocks: [
          { ul: [
            "Oynanabilir kartlar: 12 yığının her birinin en üst kartı ve rezervde kalan her kart.",
            "Çift: As (1 değerindedir) ile 10 arasındaki kartlardan toplamı 11 olan iki kart. Beş tür çift vardır: As ile 10, 2 ile 9, 3 ile 8, 4 ile 7, 5 ile 6. Kart türü önemli değildir.",
            "Üçlü: herhangi bir kart türünden bir Vale, bir Kız ve bir Papaz. Resimli kartlar hiçbir zaman çift oluşturmaz.",
            "Farklı kaynaklardan kartlar birleştirilebilir: bir yığın kartıyla bir rezerv kartı, iki rezerv kartı veya yığınlardan iki kart.",
            "Kaldırılan kartlar oyundan çıkar; boşaltılan bir yığın ve boşaltılan bir rezerv yeri boş kalır.",
          ] },
          { figure: "pairs" },
          { figure: "triple" },
          { p: "Örnekler sayfasındaki kazanılan oyundan bir örnek: ilk hamlede, 1 numaralı yığındaki 5♠ ile 8 numaralı yığındaki 6♦ birlikte kaldırılır (5 + 6 = 11). Bunun üzerine 8 numaralı yığında bir V♣ açığa çıkar; bu kart sonraki hamlede, 5 numaralı yığındaki D♥ ve 3 numaralı yığındaki R♥ ile birlikte kaldırılır." },
          { link: "examples" },
        ],
      },
      {
        heading: "Kartlara dokunmak",
        blocks: [
          { ul: [
            "İlk karta dokunulur: kart seçilir. Onunla birlikte toplamı 11 olan ikinci bir karta dokunulduğunda çift kaldırılır.",
            "Bir üçlü için üç resimli karta art arda dokunulur; üçüncü dokunuşta kaldırılırlar. Uygulama üçüncü kartı hiçbir zaman oyuncunun yerine seçmez.",
            "Seçili karta yeniden dokunmak seçimi kaldırır.",
            "İkinci kart uygun değilse hiçbir kart kaldırılmaz: toplamı 11 olmayan iki sayı kartı (aynı dağıtımdaki 5♠ ve A♥) veya bir sayı kartıyla bir resimli kart (5♠ ve R♥) seçimi temizler. Aynı değerde iki resimli kart (iki R♥) birleştirilmez: ikinci kart seçili kart olur.",
            "Başlangıçta kapalı olan “Hamle hataları” ayarı açıldığında uygulama bunu açıklar: “Toplam 11 olmalıdır” veya “Bir Vale, bir Kız ve bir Papaz gerekir”.",
            "“Yerleştirme yardımı” ayarı, bir kart seçilir seçilmez onunla birlikte kullanılamayan kartları karartır.",
          ] },
          { figure: "refused" },
        ],
      },
      {
        heading: "Puan",
        blocks: [
          { p: "Her çift puana 10, her üçlü 15 ekler. Puan hiçbir zaman sıfırın altına düşmez ve süre puanı etkilemez. İki destede As ile 10 arasında 80 kart ve 24 resimli kart bulunduğundan, kazanılan bir oyunda her zaman 40 çift ve 8 üçlü kaldırılır: tam olarak 48 hamle ve 520 puan." },
        ],
      },
      {
        heading: "Oyunun sonu",
        blocks: [
          { ul: [
            "Zafer: 104 kartın tamamı kaldırılmıştır.",
            "Tıkanma: oynanabilir kartlar arasında toplamı 11 olan hiçbir çift ve Vale, Kız, Papaz üçlüsü yoktur. Uygulama bunu bildirir; geri alabilir veya yeni bir oyun başlatabilirsiniz.",
          ] },
        ],
      },
      {
        heading: "Uygulamanın sundukları",
        blocks: [
          { ul: [
            "Geri alma: son 100 hamleye kadar; kartlar yerlerine döner, puan ve hamle sayacı azalır.",
            "Bilgi çubuğu: süre, puan, hamle sayısı ve dağıtım kodu.",
            "Oyun kodu: her dağıtımın, aynı dağıtımı eksiksiz olarak yeniden oluşturan bir kodu vardır (örneğin HM1-N-AAAAAAB).",
            "Çözücü veya ipucu düğmesi yoktur: uygulama bir dağıtımın kazanılabilir olup olmadığını söylemez.",
          ] },
        ],
      },
      {
        heading: "Uygulamanın kuralı ve geleneksel kural",
        blocks: [
          { p: "Toplamı 11 olan iki kartı ve resimli kartları üçlü gruplar hâlinde kaldırmak, İngilizcede Elevens adıyla bilinen, genellikle tek desteyle dokuz kartlık kare düzeninde oynanan bir tek kişilik kart oyunu ailesinin kuralıdır. Half Moon bu kuralı iki desteyle, yay biçiminde dizilmiş yığınlarla ve her zaman oynanabilen yedek kartlarla uygular." },
        ],
      },
    ],
  },
};
