//! Arabic (ar): the 28 letters in their isolated, final, initial and medial forms (the six that do
//! not join to the left, ا د ذ ر ز و, have only isolated and final forms): 100 characters. The
//! isolated form's value is the base letter (U+0627…U+064A), the others the presentation forms
//! (U+FE8D…U+FEF4).
//!
//! Grid: baseline y 700, teeth up to 560, ascenders (ا ل ك ط ظ) from 200, descending bowls and
//! tails down to 920. A form that joins on the right starts at the right edge of the box
//! (x 920, on the baseline) and one that joins on the left ends at the left edge (x 104).
//!
//! Written right to left: the main body first, as one movement where the pen does not lift
//! (joining strokes run right to left along the baseline; a tooth, or the stem of ا ل ك and ـد,
//! that the pen reaches from the join is drawn up and back down the same line, as in joined
//! writing), then the second stroke of ك ط ظ (the bar, the stem) from its top, then the dots,
//! right to left, each a short stroke drawn down-left; three dots are the lower two right to
//! left, then the top one. The heads of ج ح خ start with their short lead-in to the right, and
//! ص ض ط ظ ف ق go round their loop before running left, as those letters are written.

/// Dots of a form: how many (0 to 3) and the centre of the group; three dots are a triangle
/// pointing up.
type Dots = (u8, i32, i32);

/// A form: its value, its body strokes and its dots.
type Form = (&'static str, &'static [&'static str], Dots);

const NONE: Dots = (0, 0, 0);

// Teeth (ب ت ث ن ي joined, and the start of every tooth-like join).
const TOOTH_INI: &[&str] = &["M 560 560 C 560 640 545 700 505 700 L 104 700"];
const TOOTH_MED: &[&str] =
    &["M 920 700 L 610 700 C 575 700 560 640 560 560 C 560 640 545 700 505 700 L 104 700"];
const BEH_ISO: &[&str] =
    &["M 860 540 C 880 640 850 700 760 700 L 280 700 C 190 700 160 650 170 570"];
const BEH_FIN: &[&str] = &[
    "M 920 700 C 880 700 865 650 860 580 C 860 650 840 700 760 700 L 280 700 C 190 700 160 650 170 570",
];
const NOON_ISO: &[&str] = &[
    "M 760 520 C 790 640 780 760 730 820 C 680 880 600 900 512 900 C 380 900 290 840 280 720 C 278 660 290 610 310 570",
];
const NOON_FIN: &[&str] = &[
    "M 920 700 C 800 700 790 640 780 580 C 790 700 760 800 700 850 C 650 890 590 900 512 900 C 380 900 290 840 280 720 C 278 660 290 610 310 570",
];
const YEH_ISO: &[&str] = &[
    "M 640 520 C 560 530 530 590 580 625 C 640 665 800 650 805 745 C 810 830 680 860 512 860 C 330 860 230 820 220 740 C 216 700 230 670 250 650",
];
const YEH_FIN: &[&str] = &[
    "M 920 700 C 860 700 830 650 770 650 C 700 650 690 710 740 730 C 790 750 810 780 790 810 C 760 850 660 860 512 860 C 330 860 230 820 220 740 C 216 700 230 670 250 650",
];
// Three teeth, then a bowl (س ش).
const SEEN_ISO: &[&str] = &[
    "M 880 560 C 880 650 870 700 830 700 C 790 700 775 650 775 590 C 775 650 765 700 725 700 C 685 700 670 650 670 590 C 670 700 660 760 620 810 C 570 870 500 900 420 900 C 300 900 210 840 200 720 C 198 660 210 610 230 570",
];
const SEEN_FIN: &[&str] = &[
    "M 920 700 C 890 700 875 650 875 590 C 875 650 865 700 825 700 C 785 700 775 650 775 590 C 775 650 765 700 725 700 C 685 700 670 650 670 590 C 670 700 660 760 620 810 C 570 870 500 900 420 900 C 300 900 210 840 200 720 C 198 660 210 610 230 570",
];
const SEEN_INI: &[&str] = &[
    "M 760 560 C 760 650 750 700 710 700 C 670 700 660 650 660 590 C 660 650 650 700 610 700 C 570 700 560 650 560 590 C 560 650 550 700 510 700 L 104 700",
];
const SEEN_MED: &[&str] = &[
    "M 920 700 L 800 700 C 770 700 760 650 760 580 C 760 650 750 700 710 700 C 670 700 660 650 660 590 C 660 650 650 700 610 700 C 570 700 560 650 560 590 C 560 650 550 700 510 700 L 104 700",
];
// A loop on the baseline, then a tooth and a bowl (ص ض).
const SAD_ISO: &[&str] = &[
    "M 600 690 C 640 580 760 550 840 580 C 900 610 890 700 790 700 L 560 700 C 530 700 520 660 520 610 C 520 700 500 760 460 810 C 410 870 350 900 280 900 C 190 900 140 840 140 740 C 140 690 150 650 170 620",
];
const SAD_FIN: &[&str] = &[
    "M 920 700 L 620 700 C 610 630 680 570 760 565 C 840 560 880 600 870 650 C 860 700 820 700 760 700 L 560 700 C 530 700 520 660 520 610 C 520 700 500 760 460 810 C 410 870 350 900 280 900 C 190 900 140 840 140 740 C 140 690 150 650 170 620",
];
const SAD_INI: &[&str] = &[
    "M 600 690 C 640 580 760 550 840 580 C 900 610 890 700 790 700 L 520 700 C 480 700 470 660 470 600 C 470 660 460 700 420 700 L 104 700",
];
const SAD_MED: &[&str] = &[
    "M 920 700 L 620 700 C 610 630 680 570 760 565 C 840 560 880 600 870 650 C 860 700 820 700 760 700 L 520 700 C 480 700 470 660 470 600 C 470 660 460 700 420 700 L 104 700",
];
// A loop on the baseline and a stem (ط ظ).
const TAH_ISO: &[&str] = &[
    "M 380 690 C 460 570 640 530 760 570 C 860 600 860 700 740 700 L 220 700",
    "M 420 200 L 420 690",
];
const TAH_FIN: &[&str] = &[
    "M 920 700 L 420 700 C 400 630 480 560 610 550 C 760 540 840 600 840 650 C 840 700 760 700 700 700 L 220 700",
    "M 420 200 L 420 690",
];
const TAH_INI: &[&str] = &[
    "M 380 690 C 460 570 640 530 760 570 C 860 600 860 700 740 700 L 104 700",
    "M 420 200 L 420 690",
];
const TAH_MED: &[&str] = &[
    "M 920 700 L 420 700 C 400 630 480 560 610 550 C 760 540 840 600 840 650 C 840 700 760 700 700 700 L 104 700",
    "M 420 200 L 420 690",
];
// A head open to the right and a bowl (ع غ).
const AIN_ISO: &[&str] = &[
    "M 660 480 C 600 420 480 420 460 490 C 440 560 540 610 680 610 C 540 640 420 700 420 800 C 420 900 560 940 780 900",
];
const AIN_FIN: &[&str] = &[
    "M 920 700 C 800 700 700 560 610 520 C 530 490 450 540 480 600 C 510 650 600 660 690 620 C 540 660 420 720 420 800 C 420 900 560 940 780 900",
];
const AIN_INI: &[&str] = &[
    "M 660 470 C 600 420 480 420 460 490 C 440 570 520 660 640 690 C 660 695 640 700 600 700 L 104 700",
];
const AIN_MED: &[&str] = &[
    "M 920 700 L 660 700 C 610 700 540 620 540 565 C 540 510 630 500 670 545 C 710 590 630 700 540 700 L 104 700",
];
// A head with its lead-in and a bowl open to the right (ج ح خ).
const JEEM_ISO: &[&str] = &[
    "M 300 470 C 400 430 560 420 700 480 C 560 520 390 590 340 690 C 290 790 350 900 512 915 C 640 930 740 900 800 860",
];
const JEEM_FIN: &[&str] = &[
    "M 920 700 C 820 700 760 560 700 480 C 560 520 390 590 340 690 C 290 790 350 900 512 915 C 640 930 740 900 800 860",
];
const JEEM_INI: &[&str] =
    &["M 300 470 C 400 430 560 420 700 480 C 560 540 430 610 400 660 C 380 690 330 700 104 700"];
const JEEM_MED: &[&str] =
    &["M 920 700 C 820 700 760 560 700 480 C 560 540 430 610 400 660 C 380 690 330 700 104 700"];
const DAL_ISO: &[&str] =
    &["M 500 430 C 580 500 680 590 690 650 C 700 690 660 700 600 700 L 330 700"];
const DAL_FIN: &[&str] = &[
    "M 920 700 L 720 700 C 690 640 620 530 520 440 C 600 510 680 590 690 650 C 700 690 660 700 600 700 L 330 700",
];
const REH_ISO: &[&str] = &["M 640 560 C 660 640 660 720 600 800 C 540 870 440 910 300 920"];
const REH_FIN: &[&str] =
    &["M 920 700 L 680 700 C 660 700 650 740 620 800 C 570 870 450 910 300 920"];
const WAW_ISO: &[&str] = &[
    "M 680 700 C 600 700 560 640 580 590 C 600 540 700 530 730 590 C 760 650 740 740 690 810 C 630 880 520 910 400 920",
];
const WAW_FIN: &[&str] = &[
    "M 920 700 L 700 700 C 600 700 560 640 580 590 C 600 540 700 530 730 590 C 760 650 740 740 690 810 C 630 880 520 910 400 920",
];
const ALEF_ISO: &[&str] = &["M 512 200 L 512 700"];
const ALEF_FIN: &[&str] = &["M 920 700 L 580 700 C 530 700 512 670 512 620 L 512 200"];
const LAM_ISO: &[&str] = &[
    "M 640 200 L 640 700 C 640 850 560 900 440 900 C 320 900 250 840 250 740 C 250 690 260 650 280 620",
];
const LAM_FIN: &[&str] = &[
    "M 920 700 L 720 700 C 670 700 640 680 640 620 L 640 200 L 640 700 C 640 850 560 900 440 900 C 320 900 250 840 250 740 C 250 690 260 650 280 620",
];
const LAM_INI: &[&str] = &["M 560 200 L 560 640 C 560 690 530 700 480 700 L 104 700"];
const LAM_MED: &[&str] = &[
    "M 920 700 L 640 700 C 590 700 560 680 560 620 L 560 200 L 560 640 C 560 690 530 700 480 700 L 104 700",
];
// ك: the stem and base, then the small mark (isolated, final) or the sloping bar (joined).
const KAF_ISO: &[&str] = &[
    "M 760 220 L 760 640 C 760 690 730 700 680 700 L 260 700 C 190 700 170 650 180 580",
    "M 540 450 C 470 430 440 490 490 515 C 440 535 440 575 480 590",
];
const KAF_FIN: &[&str] = &[
    "M 920 700 L 830 700 C 780 700 760 680 760 620 L 760 220 L 760 640 C 760 690 730 700 680 700 L 260 700 C 190 700 170 650 180 580",
    "M 540 450 C 470 430 440 490 490 515 C 440 535 440 575 480 590",
];
const KAF_INI: &[&str] = &[
    "M 560 320 L 560 640 C 560 690 530 700 480 700 L 104 700",
    "M 820 200 L 570 310",
];
const KAF_MED: &[&str] = &[
    "M 920 700 L 640 700 C 590 700 560 680 560 620 L 560 320 L 560 640 C 560 690 530 700 480 700 L 104 700",
    "M 820 200 L 570 310",
];
// A loop on the baseline, then its tail (م).
const MEEM_ISO: &[&str] = &[
    "M 560 700 C 540 620 580 570 640 570 C 710 570 740 640 700 690 C 680 700 620 700 560 700 C 500 700 470 740 470 820 L 470 960",
];
const MEEM_FIN: &[&str] = &[
    "M 920 700 L 720 700 C 660 700 620 660 620 610 C 620 570 660 560 680 560 C 730 560 740 620 700 670 C 670 700 620 700 560 700 C 500 700 470 740 470 820 L 470 960",
];
const MEEM_INI: &[&str] = &[
    "M 560 700 C 540 620 580 570 640 570 C 710 570 740 640 700 690 C 680 700 620 700 560 700 L 104 700",
];
const MEEM_MED: &[&str] = &[
    "M 920 700 L 720 700 C 660 700 620 660 620 610 C 620 570 660 560 680 560 C 730 560 740 620 700 670 C 670 700 620 700 560 700 L 104 700",
];
// A raised head, then a flat base (ف) or a bowl (ق).
const FEH_ISO: &[&str] = &[
    "M 760 700 C 700 690 660 650 680 600 C 700 550 780 550 800 600 C 820 650 810 700 740 700 L 260 700 C 190 700 170 650 180 580",
];
const FEH_FIN: &[&str] = &[
    "M 920 700 L 800 700 C 760 700 720 670 720 620 C 720 570 780 550 810 580 C 840 610 820 700 740 700 L 260 700 C 190 700 170 650 180 580",
];
const FEH_INI: &[&str] = &[
    "M 620 700 C 560 690 520 650 540 600 C 560 550 640 550 660 600 C 680 650 670 700 600 700 L 104 700",
];
const FEH_MED: &[&str] = &[
    "M 920 700 L 680 700 C 640 700 600 670 600 620 C 600 570 660 550 690 580 C 720 610 700 700 620 700 L 104 700",
];
const QAF_ISO: &[&str] = &[
    "M 700 700 C 640 690 600 650 620 600 C 640 550 720 550 740 600 C 760 650 760 720 720 800 C 670 880 580 910 470 910 C 350 910 260 850 250 730 C 248 680 260 640 280 610",
];
const QAF_FIN: &[&str] = &[
    "M 920 700 L 760 700 C 720 700 680 670 680 620 C 680 570 740 550 770 580 C 800 610 790 720 750 800 C 700 880 600 910 470 910 C 350 910 260 850 250 730 C 248 680 260 640 280 610",
];
// ه: a round loop; joined, a loop with a tail.
const HEH_ISO: &[&str] = &[
    "M 560 470 C 440 560 360 640 400 690 C 440 730 620 720 680 680 C 740 640 700 560 620 560 C 560 560 520 600 520 650",
];
const HEH_FIN: &[&str] = &[
    "M 920 700 L 680 700 C 600 700 520 650 520 580 C 520 520 600 510 630 560 C 660 610 640 700 560 720 C 500 735 460 700 460 650",
];
const HEH_INI: &[&str] = &[
    "M 620 450 C 560 480 520 540 520 600 C 520 660 560 700 620 700 C 680 700 700 650 680 610 C 660 570 600 580 580 620 C 560 670 540 700 480 700 L 104 700",
];
const HEH_MED: &[&str] = &[
    "M 920 700 L 640 700 C 590 700 560 650 580 600 C 600 560 660 570 650 620 C 640 680 580 760 560 820 C 540 880 600 880 600 820 C 600 760 560 700 500 700 L 104 700",
];

/// Every form, letter by letter in alphabet order: isolated, final, initial, medial.
const FORMS: &[Form] = &[
    ("\u{627}", ALEF_ISO, NONE),
    ("\u{FE8E}", ALEF_FIN, NONE),
    ("\u{628}", BEH_ISO, (1, 520, 820)),
    ("\u{FE90}", BEH_FIN, (1, 520, 820)),
    ("\u{FE91}", TOOTH_INI, (1, 560, 820)),
    ("\u{FE92}", TOOTH_MED, (1, 560, 820)),
    ("\u{62A}", BEH_ISO, (2, 520, 590)),
    ("\u{FE96}", BEH_FIN, (2, 520, 590)),
    ("\u{FE97}", TOOTH_INI, (2, 560, 450)),
    ("\u{FE98}", TOOTH_MED, (2, 560, 450)),
    ("\u{62B}", BEH_ISO, (3, 520, 590)),
    ("\u{FE9A}", BEH_FIN, (3, 520, 590)),
    ("\u{FE9B}", TOOTH_INI, (3, 560, 450)),
    ("\u{FE9C}", TOOTH_MED, (3, 560, 450)),
    ("\u{62C}", JEEM_ISO, (1, 570, 770)),
    ("\u{FE9E}", JEEM_FIN, (1, 570, 770)),
    ("\u{FE9F}", JEEM_INI, (1, 560, 800)),
    ("\u{FEA0}", JEEM_MED, (1, 560, 800)),
    ("\u{62D}", JEEM_ISO, NONE),
    ("\u{FEA2}", JEEM_FIN, NONE),
    ("\u{FEA3}", JEEM_INI, NONE),
    ("\u{FEA4}", JEEM_MED, NONE),
    ("\u{62E}", JEEM_ISO, (1, 500, 330)),
    ("\u{FEA6}", JEEM_FIN, (1, 560, 360)),
    ("\u{FEA7}", JEEM_INI, (1, 500, 330)),
    ("\u{FEA8}", JEEM_MED, (1, 560, 360)),
    ("\u{62F}", DAL_ISO, NONE),
    ("\u{FEAA}", DAL_FIN, NONE),
    ("\u{630}", DAL_ISO, (1, 480, 320)),
    ("\u{FEAC}", DAL_FIN, (1, 500, 330)),
    ("\u{631}", REH_ISO, NONE),
    ("\u{FEAE}", REH_FIN, NONE),
    ("\u{632}", REH_ISO, (1, 640, 450)),
    ("\u{FEB0}", REH_FIN, (1, 690, 590)),
    ("\u{633}", SEEN_ISO, NONE),
    ("\u{FEB2}", SEEN_FIN, NONE),
    ("\u{FEB3}", SEEN_INI, NONE),
    ("\u{FEB4}", SEEN_MED, NONE),
    ("\u{634}", SEEN_ISO, (3, 775, 450)),
    ("\u{FEB6}", SEEN_FIN, (3, 775, 450)),
    ("\u{FEB7}", SEEN_INI, (3, 660, 450)),
    ("\u{FEB8}", SEEN_MED, (3, 660, 450)),
    ("\u{635}", SAD_ISO, NONE),
    ("\u{FEBA}", SAD_FIN, NONE),
    ("\u{FEBB}", SAD_INI, NONE),
    ("\u{FEBC}", SAD_MED, NONE),
    ("\u{636}", SAD_ISO, (1, 740, 440)),
    ("\u{FEBE}", SAD_FIN, (1, 740, 440)),
    ("\u{FEBF}", SAD_INI, (1, 740, 440)),
    ("\u{FEC0}", SAD_MED, (1, 740, 440)),
    ("\u{637}", TAH_ISO, NONE),
    ("\u{FEC2}", TAH_FIN, NONE),
    ("\u{FEC3}", TAH_INI, NONE),
    ("\u{FEC4}", TAH_MED, NONE),
    ("\u{638}", TAH_ISO, (1, 620, 430)),
    ("\u{FEC6}", TAH_FIN, (1, 620, 430)),
    ("\u{FEC7}", TAH_INI, (1, 620, 430)),
    ("\u{FEC8}", TAH_MED, (1, 620, 430)),
    ("\u{639}", AIN_ISO, NONE),
    ("\u{FECA}", AIN_FIN, NONE),
    ("\u{FECB}", AIN_INI, NONE),
    ("\u{FECC}", AIN_MED, NONE),
    ("\u{63A}", AIN_ISO, (1, 560, 320)),
    ("\u{FECE}", AIN_FIN, (1, 580, 390)),
    ("\u{FECF}", AIN_INI, (1, 560, 320)),
    ("\u{FED0}", AIN_MED, (1, 600, 420)),
    ("\u{641}", FEH_ISO, (1, 740, 450)),
    ("\u{FED2}", FEH_FIN, (1, 770, 450)),
    ("\u{FED3}", FEH_INI, (1, 600, 450)),
    ("\u{FED4}", FEH_MED, (1, 650, 450)),
    ("\u{642}", QAF_ISO, (2, 680, 450)),
    ("\u{FED6}", QAF_FIN, (2, 730, 450)),
    ("\u{FED7}", FEH_INI, (2, 600, 450)),
    ("\u{FED8}", FEH_MED, (2, 650, 450)),
    ("\u{643}", KAF_ISO, NONE),
    ("\u{FEDA}", KAF_FIN, NONE),
    ("\u{FEDB}", KAF_INI, NONE),
    ("\u{FEDC}", KAF_MED, NONE),
    ("\u{644}", LAM_ISO, NONE),
    ("\u{FEDE}", LAM_FIN, NONE),
    ("\u{FEDF}", LAM_INI, NONE),
    ("\u{FEE0}", LAM_MED, NONE),
    ("\u{645}", MEEM_ISO, NONE),
    ("\u{FEE2}", MEEM_FIN, NONE),
    ("\u{FEE3}", MEEM_INI, NONE),
    ("\u{FEE4}", MEEM_MED, NONE),
    ("\u{646}", NOON_ISO, (1, 520, 640)),
    ("\u{FEE6}", NOON_FIN, (1, 530, 660)),
    ("\u{FEE7}", TOOTH_INI, (1, 560, 450)),
    ("\u{FEE8}", TOOTH_MED, (1, 560, 450)),
    ("\u{647}", HEH_ISO, NONE),
    ("\u{FEEA}", HEH_FIN, NONE),
    ("\u{FEEB}", HEH_INI, NONE),
    ("\u{FEEC}", HEH_MED, NONE),
    ("\u{648}", WAW_ISO, NONE),
    ("\u{FEEE}", WAW_FIN, NONE),
    ("\u{64A}", YEH_ISO, (2, 512, 950)),
    ("\u{FEF2}", YEH_FIN, (2, 512, 950)),
    ("\u{FEF3}", TOOTH_INI, (2, 560, 820)),
    ("\u{FEF4}", TOOTH_MED, (2, 560, 820)),
];

/// Half the diagonal of a dot's stroke.
const DOT: i32 = 14;
/// Distance between the centres of two dots side by side (half of it each way).
const DOT_GAP: i32 = 120;
/// Height of the top dot of three above the other two.
const DOT_RISE: i32 = 100;

/// One dot: a short stroke down to the left.
fn dot(x: i32, y: i32) -> String {
    format!("M {} {} L {} {}", x + DOT, y - DOT, x - DOT, y + DOT)
}

/// The dots of a form, right to left, then the top one.
fn dots((n, x, y): Dots) -> Vec<String> {
    let half = DOT_GAP / 2;
    match n {
        0 => vec![],
        1 => vec![dot(x, y)],
        2 => vec![dot(x + half, y), dot(x - half, y)],
        _ => vec![dot(x + half, y), dot(x - half, y), dot(x, y - DOT_RISE)],
    }
}

/// Every form, as centre lines.
pub fn forms() -> Vec<(String, Vec<String>)> {
    FORMS
        .iter()
        .map(|&(value, body, d)| {
            let mut lines: Vec<String> = body.iter().map(|s| s.to_string()).collect();
            lines.extend(dots(d));
            (value.to_string(), lines)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    /// Counts forms by base letter: 4 for the joining letters, 2 for the six that do not join
    /// to the left, and each presentation form is the one Unicode assigns to that letter.
    #[test]
    fn twenty_eight_letters_in_their_forms() {
        let mut per_letter: BTreeMap<u32, usize> = BTreeMap::new();
        let mut base = 0;
        for (value, _, _) in super::FORMS {
            let c = value.chars().next().unwrap() as u32;
            if (0x621..=0x64A).contains(&c) {
                base = c;
            } else {
                assert!((0xFE70..=0xFEFF).contains(&c), "{value}");
            }
            *per_letter.entry(base).or_default() += 1;
        }
        assert_eq!(per_letter.len(), 28);
        let two: Vec<u32> = per_letter
            .iter()
            .filter(|(_, &n)| n == 2)
            .map(|(&c, _)| c)
            .collect();
        assert_eq!(two, vec![0x627, 0x62F, 0x630, 0x631, 0x632, 0x648]);
        assert!(per_letter.values().all(|&n| n == 2 || n == 4));
        assert_eq!(super::FORMS.len(), 100);
    }
}
