//! Citation forms on real sentences of the corpora in `shared/corpora/` (public law: the
//! U.S. Code, 27 C.F.R., the GDPR, the EU AI Act, NYC Local Law 144) and of the Bluebook's
//! examples, checked through `lexls cite`'s record shape.

use lexls_syntax::citation::record::{CitationRecord, apply_namespace, context_namespace, records};
use lexls_syntax::citation::{Relative, extract};
use proptest::prelude::*;

fn cite(text: &str) -> Vec<CitationRecord> {
    records(text, &extract(text))
}

fn normalized(text: &str) -> Vec<String> {
    cite(text)
        .into_iter()
        .map(|c| c.normalized.unwrap_or_else(|| "null".into()))
        .collect()
}

#[test]
fn federal_forms_from_the_us_code_and_the_cfr() {
    // 6 RCNY § 5-300 (NYC LL144 corpus), citing Title VII's recordkeeping provision.
    assert_eq!(
        normalized(
            "pursuant to subsection (c) of section 2000e-8 of title 42 of the United States Code as specified"
        ),
        ["42 U.S.C. 2000e-8(c)"]
    );
    // 35 U.S.C. source credits: the sections after a public law are sections of that act.
    let found = cite(
        "1536, 1501A–563; Pub. L. 112–29, §§ 3(f), 15(b), 20(j), Sept. 16, 2011, 125 Stat. 284",
    );
    let kinds: Vec<&str> = found.iter().map(|c| c.kind).collect();
    assert_eq!(
        kinds,
        [
            "public_law",
            "public_law",
            "public_law",
            "public_law",
            "stat"
        ]
    );
    assert_eq!(
        found[2].normalized.as_deref(),
        Some("Pub. L. 112-29, § 15(b)")
    );
    assert_eq!(found[4].normalized.as_deref(), Some("125 Stat. 284"));
    // 27 C.F.R. § 40.1 source note and the Lanham Act cross-reference.
    assert_eq!(
        normalized("Regulations at 74 FR 29408 confirmed; see 15 U.S.C. 1051 et seq."),
        ["74 Fed. Reg. 29408", "15 U.S.C. 1051 et seq."]
    );
    assert_eq!(normalized("29 C.F.R. § 1607.4"), ["29 C.F.R. 1607.4"]);
    // The Bluebook groups the digits of pages of five or more (rule 6.2(a)); the Federal
    // Register's own style does not.
    assert_eq!(
        normalized("Importation of Fruits, 60 Fed. Reg. 50,379, 50,381 (Sept. 29, 1995)"),
        ["60 Fed. Reg. 50379"]
    );
    assert_eq!(normalized("82 FR 26590, 26591"), ["82 Fed. Reg. 26590"]);
    // Bluebook abbreviations of `part` (rule 14.2) and Treasury regulations numbered after
    // the Internal Revenue Code section they implement, labels included.
    assert_eq!(normalized("40 C.F.R. pt. 60"), ["40 C.F.R. Part 60"]);
    assert_eq!(
        normalized("26 C.F.R. § 1.501(c)(3)-1(d)(2); Treas. Reg. § 1.401(k)-1(a)"),
        ["26 C.F.R. 1.501(c)(3)-1(d)(2)", "26 C.F.R. 1.401(k)-1(a)"]
    );
    // An omnibus act cut into divisions and titles; a rule of the Supreme Court.
    assert_eq!(
        normalized("Pub. L. No. 116-136, div. A, tit. I, § 1102, 134 Stat. 281, 286 (2020)"),
        ["Pub. L. 116-136, § 1102", "134 Stat. 281"]
    );
    // Class: every division an omnibus act is cut into (House Legislative Counsel's Manual on
    // Drafting Style, § 321: division, title, subtitle, part, subpart, chapter, subchapter)
    // lies between the law and its section, and the Law Revision Counsel's correction of a
    // designation stands in brackets after it (10 U.S.C. source credits); a section sign
    // right after the law without the comma is its section too.
    assert_eq!(
        normalized("Pub. L. 111–148, title I, subtitle D, part II, § 1321(a), Mar. 23, 2010"),
        ["Pub. L. 111-148, § 1321(a)"]
    );
    assert_eq!(
        normalized(
            "Pub. L. 116–283, div. G, title LVXXXII [LXXXII], § 8201(a), Jan. 1, 2021, 134 Stat. 4653."
        ),
        ["Pub. L. 116-283, § 8201(a)", "134 Stat. 4653"]
    );
    assert_eq!(
        normalized("as required by Pub. L. 94-171 § 2, the Bureau"),
        ["Pub. L. 94-171, § 2"]
    );
    // The section word without the comma too, as prose writes it, unless an `of` clause
    // makes the section another document's.
    assert_eq!(
        normalized(
            "as added by Public Law 111-148 section 10201(a) and Pub. Law 111-148 Sec. 1001"
        ),
        ["Pub. L. 111-148, § 10201(a)", "Pub. L. 111-148, § 1001"]
    );
    assert_eq!(
        normalized("Public Law 101-336 section 2 of this Act"),
        ["Pub. L. 101-336", "this Act § 2"]
    );
    assert_eq!(normalized("Sup. Ct. R. 10(a)"), ["Sup. Ct. R. 10(a)"]);
    // A title cited whole, with a redundant `Title` before its abbreviation, or by chapters
    // (27 C.F.R. parts 70 and 72).
    assert_eq!(
        normalized("any other provision of 26 U.S.C. with intent to defraud"),
        ["26 U.S.C."]
    );
    assert_eq!(
        normalized("Title 26 U.S.C. 7609(b) grants a notified person the right"),
        ["26 U.S.C. 7609(b)"]
    );
    assert_eq!(
        normalized("see 26 U.S.C. chapters 63, 64, and 65, respectively."),
        ["26 U.S.C. ch. 63"]
    );
    // A string citation: after the semicolon a new authority begins, not a further section
    // of the last code.
    assert_eq!(
        normalized("See 26 U.S.C. § 501(c)(3); I.R.C. § 61(a)."),
        ["26 U.S.C. 501(c)(3)", "I.R.C. § 61(a)"]
    );
    assert_eq!(
        normalized("42 U.S.C. 1395, 1396; 1397"),
        ["42 U.S.C. 1395", "42 U.S.C. 1396", "42 U.S.C. 1397"]
    );
    assert_eq!(
        normalized("U.S. Const. art. I, § 8"),
        ["U.S. Const. art. I, § 8"]
    );
    let mut part = extract("in accordance with part 30 of this chapter");
    apply_namespace(&mut part, "27 C.F.R.");
    assert_eq!(part.len(), 1, "{part:#?}");
}

/// Class: a singular head word before a list of alternatives or items in one numbering
/// (the U.S. Code's own style: `section 1201 or 1202`; `section 3901, 3905, 4503, or
/// 4706(d)(2)(B) of this title`), the last item joined by a conjunction and ending a clause;
/// not a count with its noun, a year after a date, or a footnote's number. Real sentences:
/// 17 U.S.C. §§ 1203 and 1401, 41 U.S.C. § 4701, D.C. Code §§ 28-4511 and 29-608.11, a
/// Federal Register notice of June 7, 2017.
#[test]
fn a_singular_head_word_before_a_list() {
    assert_eq!(
        normalized(
            "Any person injured by a violation of section 1201 or 1202 may bring a civil action"
        ),
        ["§ 1201", "§ 1202"]
    );
    assert_eq!(
        normalized(
            "the exclusive rights of a copyright owner described in section 107, 108, 109, 110, or 112(f) as applied to a claim"
        ),
        ["§ 107", "§ 108", "§ 109", "§ 110", "§ 112(f)"]
    );
    assert_eq!(
        normalized(
            "A finding under section 4503 or 4706(d)(2)(B) shall set out facts and circumstances"
        ),
        ["§ 4503", "§ 4706(d)(2)(B)"]
    );
    assert_eq!(
        normalized("(b) An action under section 28-4507 or 28-4508 to recover damages is barred"),
        ["§ 28-4507", "§ 28-4508"]
    );
    assert_eq!(
        normalized(
            "is barred under § 29-608.08(c), 29-608.09(c), or 29-608.10, any corresponding claim"
        ),
        ["§ 29-608.08(c)", "§ 29-608.09(c)", "§ 29-608.10"]
    );
    // A footnote's number after a comma, a count and its noun, a year after a date.
    assert_eq!(
        normalized(
            "furthers the objectives of Section 6(b)(5), 9 in particular, in that it is designed"
        ),
        ["§ 6(b)(5)"]
    );
    assert_eq!(
        normalized("within the period in section 5 and 30 days after notice"),
        ["§ 5"]
    );
    assert_eq!(normalized("amended by Section 5, 2019 and"), ["§ 5"]);
    // Not in one numbering: a lower number after a higher one.
    assert_eq!(
        normalized("the penalty under section 12 or 3 shall apply"),
        ["§ 12"]
    );
}

#[test]
fn section_lists_ranges_and_subsection_chains() {
    // 17 U.S.C. § 106 amendment note.
    assert_eq!(
        normalized("substituted “sections 106 and 106A” for"),
        ["§ 106", "§ 106A"]
    );
    assert_eq!(
        normalized("as provided in §§ 40.21–40.25a of this part"),
        ["§ 40.21 to 40.25a"]
    );
    assert_eq!(
        normalized("under § 20-871(b)(1) and (2)"),
        ["§ 20-871(b)(1)", "§ 20-871(b)(2)"]
    );
    assert_eq!(normalized("§ 5(b)(1)-(5)"), ["§ 5(b)(1) to 5(b)(5)"]);
    // A typewritten dash, a hyphen set off by spaces, between two numbers of one numbering
    // in order; not before a number that does not follow (a clause set off by it).
    assert_eq!(
        normalized("the plans of 40 CFR 52.1 - 52.2 apply"),
        ["40 C.F.R. 52.1 to 52.2"]
    );
    assert_eq!(
        normalized("see 16 U.S.C. 1531 - 1544 for the Act"),
        ["16 U.S.C. 1531 to 1544"]
    );
    assert_eq!(
        normalized("answered under 5 U.S.C. 552 - 5 days later"),
        ["5 U.S.C. 552"]
    );
    let found = extract("the requirements of subsections (b), (c), and (d) apply");
    assert_eq!(found.len(), 3);
    assert!(found.iter().all(|c| c.relative.is_some()));
    let found = extract("paragraph (2) of subsection (b) and clause (ii) of subparagraph (A)");
    assert_eq!(found[0].subsections, ["b", "2"]);
    assert_eq!(found[1].subsections, ["A", "ii"]);
    let found = extract("subject to the limits of the preceding paragraph");
    assert!(matches!(
        found[0].relative,
        Some(Relative::Adjacent { next: false, .. })
    ));
}

/// Class: a note after a list item — an explanatory parenthetical (The Bluebook, rule 1.5)
/// or an editor's bracket — does not end the list; the code named after the list is every
/// item's, and a bare subdivision in the note is the item's.
#[test]
fn list_items_go_on_after_a_note() {
    // 44 U.S.C. § 3903(a) (OLRC).
    assert_eq!(
        normalized(
            "(a) Sections 404, 405, 406 (other than subsection (a)(7) and (8) thereof), and 407 \
             of title 5 shall apply to the Inspector General"
        ),
        [
            "5 U.S.C. 404",
            "5 U.S.C. 405",
            "5 U.S.C. 406",
            "5 U.S.C. 406(a)(7)",
            "5 U.S.C. 406(a)(8)",
            "5 U.S.C. 407"
        ]
    );
    // 41 U.S.C. § 1702(a).
    assert_eq!(
        normalized(
            "The head of each executive agency described in section 901(b)(1) (other than the \
             Department of Defense) or 901(b)(2)(C) of title 31 with a Chief Financial Officer"
        ),
        ["31 U.S.C. 901(b)(1)", "31 U.S.C. 901(b)(2)(C)"]
    );
    // D.C. Code § 23-1907 (a definition listing offenses) and § 1-301.74.
    assert_eq!(
        normalized(
            "the following offenses: §§ 22-1834 (sex trafficking of children); 22-2704 \
             (abducting or enticing child from his or her home for the purposes of \
             prostitution; harboring such child); 22-1901 (incest); 22-3002 (first degree \
             sexual abuse);"
        ),
        ["§ 22-1834", "§ 22-2704", "§ 22-1901", "§ 22-3002"]
    );
    assert_eq!(
        normalized("charged by §§ 3-1623 [repealed], 3-1711 [repealed], 3-2019 [repealed], and"),
        ["§ 3-1623", "§ 3-1711", "§ 3-2019"]
    );
    // A parenthetical followed by words other than a list item ends the phrase.
    assert_eq!(
        normalized("comply with § 20-871 (a bias audit), and the employer shall"),
        ["§ 20-871"]
    );
}

/// Class: `of such subparagraph`, `of such subsection` repeat the subdivision of that level
/// just cited (14 U.S.C. §§ 2768 and 3705, House Legislative Counsel's style); a singular
/// head word's list closed by its code after several items (14 U.S.C. § 2151(b)).
#[test]
fn such_subdivisions_and_lists_closed_by_their_code() {
    let found = extract(
        "Paragraph (1) shall apply to an individual who is eligible to file an election under \
         subparagraph (A) and does not file a timely election under clause (i) of such \
         subparagraph.",
    );
    let clause = found.last().expect("clause (i)");
    assert_eq!(clause.subsections, ["A", "i"]);
    assert_eq!(
        clause.relative,
        Some(Relative::Bare(
            lexls_syntax::citation::LevelWord::Subparagraph
        ))
    );
    let found = extract(
        "in the agreement required by subsection (c). At a minimum, the Commandant shall \
         prescribe the procedures to be used to instruct a member on the obligations to be \
         assumed by the member under paragraph (2) of such subsection while",
    );
    assert_eq!(found.last().expect("paragraph (2)").subsections, ["c", "2"]);
    // 44 U.S.C. § 2112(b)(3) and 17 U.S.C. § 105(c)(1): `such` repeats the labels its word
    // named in a chain, not the whole chain.
    let found = extract(
        "under subparagraph (A) of paragraph (1), or prior to entering into any agreement \
         under subparagraph (B) of such paragraph or any other agreement",
    );
    assert_eq!(found.last().expect("(B)").subsections, ["1", "B"]);
    let found = extract(
        "at a covered institution described in subparagraphs (A) through (K) of subsection \
         (d)(2) and subparagraph (L) of such subsection when the Coast Guard",
    );
    assert_eq!(found.last().expect("(L)").subsections, ["d", "2", "L"]);
    assert_eq!(
        normalized(
            "Any warrant officer who is retired under any provision of section 580, 1263, \
             1293, or 1305 of title 10, shall be retired"
        ),
        [
            "10 U.S.C. 580",
            "10 U.S.C. 1263",
            "10 U.S.C. 1293",
            "10 U.S.C. 1305"
        ]
    );
}

/// Class: `paragraph (2) thereof` is a subdivision of the provision cited just before it in
/// the sentence, not of the citing provision.
#[test]
fn a_subdivision_thereof_is_the_antecedents() {
    assert_eq!(
        normalized("as described in section 5(a) of title 10 and paragraph (2) thereof, the"),
        ["10 U.S.C. 5(a)", "10 U.S.C. 5(a)(2)"]
    );
}

/// Class: a title named after numbers that carry it (`title-section`, the D.C. Code's
/// numbering) is the citing code's title, not a title of the U.S. Code; and the D.C. Code
/// named after a section, with or without spaces inside its initials.
#[test]
fn dc_code_titles_and_names_after_a_section() {
    // D.C. Code § 1-204.44, a note quoting D.C. Law 11-254.
    assert_eq!(
        normalized(
            "provided that “§§ 47-101, 47-117, 47-130, 47-317.1 through 47-317.6, and 47-332 \
             through 47-334 of Title 47 §§ 1-204.41, 1-204.55"
        ),
        [
            "§ 47-101",
            "§ 47-117",
            "§ 47-130",
            "§ 47-317.1 to 47-317.6",
            "§ 47-332 to 47-334",
            "§ 1-204.41",
            "§ 1-204.55"
        ]
    );
    // The OLRC's `section 1165 of title 10` stays a section of the U.S. Code.
    assert_eq!(
        normalized("discharged under section 1165 or 1166 of title 10, and has"),
        ["10 U.S.C. 1165", "10 U.S.C. 1166"]
    );
    // D.C. Code § 1-204.90.
    assert_eq!(
        normalized(
            "provided that, notwithstanding  § 1-206.02(c)(1) of the D. C. Code, the Oyster"
        ),
        ["D.C. Code § 1-206.02(c)(1)"]
    );
    assert_eq!(
        normalized("as provided in section 47-2601 of the District of Columbia Official Code."),
        ["D.C. Code § 47-2601"]
    );
}

/// Class: the D.C. Council's typography inside lists: an item it substituted in brackets
/// (`[§ 7-231.24]`, `[§] 25-124`), a subdivision inserted between two others (`(a-1)`);
/// a title of a code named after it (`Title 18 of the District of Columbia Municipal
/// Regulations`) is not a title of the U.S. Code.
#[test]
fn dc_code_brackets_inserted_subdivisions_and_named_titles() {
    // D.C. Code § 16-1054(a) and § 25-116.01.
    assert_eq!(
        normalized("§§ 7-1203.01, [§ 7-231.24] , 7-1203.02 , and 31-3426 ."),
        ["§ 7-1203.01", "§ 7-231.24", "§ 7-1203.02", "§ 31-3426"]
    );
    assert_eq!(
        normalized("in accordance with § 25-117 , [§] 25-124 , or [§] 25-125 ."),
        ["§ 25-117", "§ 25-124", "§ 25-125"]
    );
    // D.C. Code § 22-4505(a).
    assert_eq!(
        normalized("§ 22-4504(a) and (a-1) shall not apply to: (1) The"),
        ["§ 22-4504(a)", "§ 22-4504(a-1)"]
    );
    // D.C. Code § 50-1401.05.
    let found = cite(
        "and sections 100 through 111 of Title 18 of the District of Columbia Municipal \
         Regulations",
    );
    // The District's municipal regulations, as The Bluebook names them (table T1), not the
    // D.C. Code's or the U.S. Code's title 18.
    assert!(
        found
            .iter()
            .map(|c| (c.kind.to_string(), c.normalized.as_deref()))
            .eq([(
                "state_regulation".to_string(),
                Some("D.C. Mun. Regs. tit. 18, §§ 100 to 111")
            )]),
        "{found:?}"
    );
    // D.C. Code § 42-1902.10: the last item carries the section named for all of them.
    let found = cite("plans recorded pursuant to subsections (a) and (b) of § 42-1902.14 may");
    assert_eq!(found[1].raw, "(b) of § 42-1902.14");
}

/// Class: text extracted from a double-spaced PDF (Local Law 144 of 2021 as the Council
/// publishes it) puts a blank line after `of`, which cannot end a paragraph.
#[test]
fn of_across_the_blank_lines_of_a_double_spaced_text() {
    assert_eq!(
        normalized(
            "c. Failure to provide any notice to a candidate or an employee in violation of \
             paragraphs 1, 2 or 3 of\n\nsubdivision b of section 20-871 shall constitute a \
             separate violation."
        ),
        ["§ 20-871(b)(1)", "§ 20-871(b)(2)", "§ 20-871(b)(3)"]
    );
}

/// Class: `this act` names the act whose words they are, which a code only carries (the
/// D.C. Code's notes quoting a session law); the resolver reads it as the citing document
/// only when that document is the act.
#[test]
fn this_act_is_the_act_the_words_come_from() {
    // D.C. Code § 15-501, a note.
    let found = cite("Section 6 of D.C. Law 13-129 provided: “Section 4 of this act shall apply”");
    let last = found.last().expect("a citation");
    assert_eq!(last.raw, "Section 4 of this act");
    assert_eq!(last.normalized.as_deref(), Some("this Act § 4"));
}

/// Class: state codes in the states' own forms, which their courts' rules and style
/// manuals prescribe (The Bluebook, Bluepages table BT2), normalized to table T1's names;
/// the California Style Manual's code names; the Uniform Commercial Code as the uniform
/// act (rule 12.9.5), not a state's code.
#[test]
fn state_codes_in_their_own_forms() {
    assert_eq!(
        normalized(
            "RCW 4.16.080(2), ORS 30.020, K.S.A. 2019 Supp. 60-513, O.C.G.A. § 9-11-9.1, \
             N.J.S.A. 2A:53A-27, R.C. 2305.10, A.R.S. § 12-341 and CPLR 3211(a)(7)"
        ),
        [
            "Wash. Rev. Code § 4.16.080(2)",
            "Or. Rev. Stat. § 30.020",
            "Kan. Stat. Ann. § 60-513",
            "Ga. Code Ann. § 9-11-9.1",
            "N.J. Stat. Ann. § 2A:53A-27",
            "Ohio Rev. Code Ann. § 2305.10",
            "Ariz. Rev. Stat. Ann. § 12-341",
            "N.Y. C.P.L.R. 3211(a)(7)"
        ]
    );
    assert_eq!(
        normalized("12 V.S.A. § 512, 42 Pa.C.S. § 5524 and M.G.L. c. 93A, § 9"),
        [
            "Vt. Stat. Ann. tit. 12, § 512",
            "42 Pa. Cons. Stat. § 5524",
            "Mass. Gen. Laws ch. 93A, § 9"
        ]
    );
    assert_eq!(
        normalized("(Code Civ. Proc., § 340, subd. (a); Pen. Code, § 187.)"),
        ["Cal. Civ. Proc. Code § 340(a)", "Cal. Penal Code § 187"]
    );
    let ucc = cite("governed by U.C.C. § 2-207(1) rather than the common law");
    assert_eq!(
        (ucc[0].kind, ucc[0].normalized.as_deref()),
        ("uniform_law", Some("U.C.C. § 2-207(1)"))
    );
    // Initials that are no code's, and a code's letters before no number.
    assert!(cite("The R.C. Smith company had 2,300 employees.").is_empty());
    assert!(cite("the ORS model and RSA encryption with 2048 bits").is_empty());
}

/// Class: after an article's points, an item numbered in another style is a paragraph of
/// the article (Regulation (EU) 2024/1689, recital 40: `Article 5(1), first subparagraph,
/// point (h), (2) to (6) and Article 26(10)`).
#[test]
fn paragraphs_after_an_articles_points() {
    assert_eq!(
        normalized(
            "Article 5(1), first subparagraph, point (h), (2) to (6) and Article 26(10) of this \
             Regulation adopted"
        ),
        [
            "[this act] Art. 5(1)(h)",
            "[this act] Art. 5(2) to 5(6)",
            "[this act] Art. 26(10)"
        ]
    );
}

/// Class: an EU annex numbers its points and letters the points below them: `point 4(a) of
/// Annex III` (Regulation (EU) 2024/1689, Article 6(2) and Annex III).
#[test]
fn numbered_points_of_an_annex() {
    assert_eq!(
        normalized("the AI systems referred to in point 4(a) of Annex III shall"),
        ["[this act] Annex III(4)(a)"]
    );
}

#[test]
fn state_and_local_codes() {
    assert_eq!(
        normalized("Fla. Stat. § 212.05(1)(i) and Fla. Admin. Code R. 12A-1.032"),
        ["Fla. Stat. § 212.05(1)(i)", "Fla. Admin. Code r. 12A-1.032"]
    );
    assert_eq!(normalized("see Rule 12A-1.032"), ["Rule 12A-1.032"]);
    assert_eq!(
        normalized("N.Y. Lab. Law § 201-d"),
        ["N.Y. Lab. Law § 201-d"]
    );
    assert_eq!(
        normalized("Cal. Civ. Code § 1798.100 (West 2020)"),
        ["Cal. Civ. Code § 1798.100"]
    );
    assert_eq!(normalized("6 RCNY § 5-301(b)"), ["6 RCNY § 5-301(b)"]);
    // Table T1 abbreviates with apostrophes (`Gov't`, `Int'l`) and cites Illinois's
    // compiled statutes as `Ill. Comp. Stat.`, which Illinois writes `ILCS`.
    assert_eq!(
        normalized("Cal. Gov't Code §§ 12940-12951"),
        ["Cal. Gov't Code §§ 12940 to 12951"]
    );
    // A typeset apostrophe is the same abbreviation.
    assert_eq!(
        normalized("Tex. Gov’t Code Ann. § 552.101 (West 2012)"),
        ["Tex. Gov't Code Ann. § 552.101"]
    );
    // Table T1 cites some administrative codes without a section sign, and `R.` is either
    // the designator of a rule (`Fla. Admin. Code Ann. r.`) or a word of the code's name
    // (`Or. Admin. R.`, the Oregon Administrative Rules).
    assert_eq!(
        normalized("Ohio Admin. Code 3745-1-01; Or. Admin. R. 340-200-0010"),
        ["Ohio Admin. Code 3745-1-01", "Or. Admin. R. 340-200-0010"]
    );
    assert_eq!(
        normalized("Fla. Admin. Code R. 62-296.320"),
        ["Fla. Admin. Code r. 62-296.320"]
    );
    assert_eq!(
        normalized("N.Y. Comp. Codes R. & Regs. tit. 12, § 23-1.7"),
        ["N.Y. Comp. Codes R. & Regs. tit. 12, § 23-1.7"]
    );
    assert!(
        cite("Cal. Penal Code 187").is_empty(),
        "a bare number without a code's punctuation"
    );
    // Maryland's code is cited by article after a comma (table T1); a comma before the
    // section sign is not part of a name (D.C. Code, § 1-213 history note).
    assert_eq!(
        normalized("Md. Code Ann., Crim. Law § 2-201; ( D.C. Code, § 1-213(a) )"),
        ["Md. Code Ann., Crim. Law § 2-201", "D.C. Code § 1-213(a)"]
    );
    assert_eq!(
        normalized("735 Ill. Comp. Stat. 5/2-1001 (2018); 410 ILCS 54/10"),
        ["735 ILCS 5/2-1001", "410 ILCS 54/10"]
    );
    assert_eq!(
        normalized("Mass. Gen. Laws ch. 1, §§ 2-3"),
        ["Mass. Gen. Laws ch. 1, §§ 2 to 3"]
    );
    // Codes named by their initials, as the states cite them: New York's Civil Practice Law
    // and Rules by rule number alone, Louisiana's Revised Statutes by title and section, its
    // Civil Code and Code of Civil Procedure by article (named as table T1 names them); a state's own initials start a new
    // name (`D.C. Law D.C. Law 21-36`, a name repeated in D.C. Code § 1-611.03's notes), and
    // two initials before a plain number are no code (`N.Y. A.D. 123`).
    assert_eq!(
        normalized("N.Y. C.P.L.R. 3211(a)(7); La. R.S. 9:2800.6; La. C.C. art. 2315"),
        [
            "N.Y. C.P.L.R. 3211(a)(7)",
            "La. Stat. Ann. § 9:2800.6",
            "La. Civ. Code Ann. art. 2315"
        ]
    );
    assert_eq!(
        normalized("Section 1002 of D.C. Law D.C. Law 21-36 provided"),
        ["§ 1002", "D.C. Law 21-36"]
    );
    assert!(cite("In N.Y. A.D. 123 the court").is_empty());
    // The Statutes at Large in lower case, as older notes print it (D.C. Code § 39-107a).
    assert_eq!(
        normalized("June 3, 1896, 29 stat. 244, ch. 315"),
        ["29 Stat. 244"]
    );
    let kinds: Vec<&str> = cite("Ala. Admin. Code r. 130-X-1-.06 and Ala. Code § 38-2-6")
        .into_iter()
        .map(|c| c.kind)
        .collect();
    assert_eq!(kinds, ["state_regulation", "state_statute"]);
}

/// German references (the Handbuch der Rechtsförmlichkeit's and the courts' forms): the law
/// book after the section or article, its pins read past: `Abs.`, `UAbs.` (EU
/// subparagraphs), `Satz`/`S.`, `Nr.`, `Halbsatz`, and the lettered `lit.`/`Buchst.`;
/// hyphenated books (`DS-GVO`); ranges with `bis` or a dash. The upstream convention names
/// every one `§ <n> <book>`.
#[test]
fn german_references_with_their_pins() {
    assert_eq!(
        normalized(
            "Einwilligung nach Art. 6 Abs. 1 lit. a DSGVO oder Art. 6 Abs. 1 S. 1 lit. f DS-GVO"
        ),
        ["§ 6 dsgvo", "§ 6 ds-gvo"]
    );
    assert_eq!(
        normalized("gemäß Art. 5 Abs. 1 Buchst. a DSGVO und Art. 288 UAbs. 2 AEUV"),
        ["§ 5 dsgvo", "§ 288 aeuv"]
    );
    assert_eq!(
        normalized("§§ 124 Abs. 2 Nr. 3, 124 a Abs. 1 Satz 1 VwGO"),
        ["§ 124 vwgo", "§ 124a vwgo"]
    );
    // `bis` and a dash make a range, not a list of two sections.
    assert_eq!(
        normalized("nach §§ 664 bis 670 BGB und §§ 823–826 BGB"),
        ["§§ 664 to 670 bgb", "§§ 823 to 826 bgb"]
    );
    // The paragraph in Roman numerals (`§ 823 II BGB`, `§ 280 I, III, 281 BGB`), the
    // statutes' own spelled-out words (`Artikel 5 Absatz 1 GG`) and the following sections
    // (`ff.`, `f.`).
    assert_eq!(
        normalized("Ein Anspruch aus § 823 II BGB i.V.m. § 263 I StGB besteht"),
        ["§ 823 bgb", "§ 263 stgb"]
    );
    assert_eq!(
        normalized("Schadensersatz nach §§ 280 I, III, 281 BGB und Art. 3 III GG"),
        ["§ 280 bgb", "§ 281 bgb", "§ 3 gg"]
    );
    assert_eq!(
        normalized("Artikel 5 Absatz 1 GG und §§ 249 ff. BGB sowie § 8 f. BGB"),
        ["§ 5 gg", "§ 249 bgb", "§ 8 bgb"]
    );
}

/// Class: a code's date parenthetical names its supplement (The Bluebook, rules 3.1(c) and
/// 12.3.1(e): `(Supp. V 2017)`, `(2012 & Supp. V 2017)`, `(West Supp. 2018)`) as it names
/// its publisher and year; it belongs to the citation.
#[test]
fn date_parentheticals_with_a_supplement() {
    let text = "See 42 U.S.C. § 1983 (2012 & Supp. V 2017); 8 U.S.C. § 1101 (Supp. V 2017); Tex. Penal Code Ann. § 19.02 (West Supp. 2018); N.Y. Penal Law § 125.25 (McKinney 2009) (the other).";
    let raws: Vec<String> = cite(text).into_iter().map(|c| c.raw).collect();
    assert_eq!(
        raws,
        [
            "42 U.S.C. § 1983 (2012 & Supp. V 2017)",
            "8 U.S.C. § 1101 (Supp. V 2017)",
            "Tex. Penal Code Ann. § 19.02 (West Supp. 2018)",
            "N.Y. Penal Law § 125.25 (McKinney 2009)"
        ]
    );
    // The forms read whole without a section sign take theirs too (rule 12.3.2).
    let text = "See 735 Ill. Comp. Stat. 5/13-202 (2016); Exchange Act Rule 10b-5 (2019).";
    let raws: Vec<String> = cite(text).into_iter().map(|c| c.raw).collect();
    assert_eq!(
        raws,
        [
            "735 Ill. Comp. Stat. 5/13-202 (2016)",
            "Exchange Act Rule 10b-5 (2019)"
        ]
    );
}

/// Class: German legal writing names the law book once, after the last reference of a
/// chain (`i.V.m.`, `iVm`, `in Verbindung mit`, a comma): `Art. 2 Abs. 1 i.V.m. Art. 1 Abs.
/// 1 GG`, the courts' formula for the general right of personality. One `§` cites one
/// section, so the numbers listed after its subdivision are the subdivision's (`§ 3 Abs. 1
/// Satz 1 und 2`); after `§§` a number after a comma is the next section. The books'
/// abbreviations end in the kind of law they are (`G` Gesetz, `O` Ordnung, `V` Verordnung,
/// `B` Buch): `AO`, `BauGB`, `EGBGB`, `GWB`, `WpÜG`.
#[test]
fn german_chains_name_their_book_once() {
    assert_eq!(
        normalized("Das allgemeine Persönlichkeitsrecht aus Art. 2 Abs. 1 i.V.m. Art. 1 Abs. 1 GG"),
        ["§ 2 gg", "§ 1 gg"]
    );
    assert_eq!(
        normalized("Schadensersatz nach § 280 Abs. 1 iVm § 241 Abs. 2 BGB"),
        ["§ 280 bgb", "§ 241 bgb"]
    );
    assert_eq!(
        normalized("Festsetzungen nach § 9 in Verbindung mit § 10 BauGB"),
        ["§ 9 baugb", "§ 10 baugb"]
    );
    assert_eq!(normalized("nach § 3 Abs. 1 Satz 1 und 2 BGB"), ["§ 3 bgb"]);
    assert_eq!(normalized("gemäß Art. 3 Abs. 1 und 3 GG"), ["§ 3 gg"]);
    assert_eq!(
        normalized("nach §§ 280 Abs. 1 und 3, 281 BGB"),
        ["§ 280 bgb", "§ 281 bgb"]
    );
    assert_eq!(
        normalized("nach Art. 12 Abs. 1, 14 Abs. 1 GG"),
        ["§ 12 gg", "§ 14 gg"]
    );
    assert_eq!(
        normalized("nach § 5 Abs. 2 AO, § 1 GWB, § 3 WpÜG und Art. 229 § 5 EGBGB"),
        [
            "§ 5 ao",
            "§ 1 gwb",
            "§ 3 wpüg",
            "[this act] Art. 229",
            "§ 5 egbgb"
        ]
    );
    // Without a book after the chain, an English section stays one; a Roman numeral is a
    // paragraph, no book.
    assert_eq!(
        normalized("§ 280 IV and § 5, § 6 of the Act"),
        ["§ 280", "§ 5", "§ 6"]
    );
}

/// Class: a German reference without its law book (`§§ 665 bis 670`, `§ 671 Abs. 2`) in
/// the book's own text cites that book: in German words it is read as a German reference,
/// and the document's namespace (`BGB`, `VwGO`; a case file's `law_book` context, `bgb`)
/// makes it one into that book. Real text: BGB § 675(1).
#[test]
fn a_german_reference_without_its_book_cites_the_citing_book() {
    let text = "finden, soweit in diesem Untertitel nichts Abweichendes bestimmt wird, die Vorschriften der §§ 663, 665 bis 670, 672 bis 674 und, wenn dem Verpflichteten das Recht zusteht, ohne Einhaltung einer Kündigungsfrist zu kündigen, auch die Vorschriften des § 671 Abs. 2 entsprechende Anwendung.";
    let from_context = context_namespace(Some(&serde_json::json!({"law_book": "bgb"})));
    assert_eq!(from_context.as_deref(), Some("BGB"));
    for namespace in ["BGB", "VwGO"] {
        let book = namespace.to_lowercase();
        let mut found = extract(text);
        apply_namespace(&mut found, namespace);
        let found: Vec<(&str, String)> = records(text, &found)
            .into_iter()
            .map(|c| (c.kind, c.normalized.unwrap_or_default()))
            .collect();
        assert_eq!(
            found,
            [
                ("de_statute", format!("§ 663 {book}")),
                ("de_statute", format!("§§ 665 to 670 {book}")),
                ("de_statute", format!("§§ 672 to 674 {book}")),
                ("de_statute", format!("§ 671 {book}")),
            ]
        );
    }
    // A namespace that is no German book's abbreviation keeps its own kind.
    let mut found = extract(text);
    apply_namespace(&mut found, "policy");
    assert!(records(text, &found).iter().all(|c| c.kind == "named_act"));
    // Outside a German book the sections stay bare, the range kept.
    assert_eq!(
        normalized("Es gelten §§ 664 bis 670 entsprechend."),
        ["§ 664 to 670"]
    );
    // In English words a bare section is no German reference.
    assert_eq!(normalized("under § 5 and 6 of the Act"), ["§ 5", "§ 6"]);
}

#[test]
fn eu_forms_from_the_gdpr_and_the_ai_act() {
    // GDPR Art. 17(1)(b) and Art. 12(5).
    assert_eq!(
        normalized(
            "where the processing is based on point (a) of Article 6(1) or point (a) of Article 9(2),"
        ),
        ["[this act] Art. 6(1)(a)", "[this act] Art. 9(2)(a)"]
    );
    assert_eq!(
        normalized("Information provided under Articles 13 and 14 and any communication"),
        ["[this act] Art. 13", "[this act] Art. 14"]
    );
    assert_eq!(
        normalized("Directive 95/46/EC is repealed with effect from 25 May 2018."),
        ["Directive 95/46/EC"]
    );
    assert_eq!(
        normalized("lawful under Article 6(1)(a) GDPR and Article 5 of Regulation (EU) 2024/1689"),
        [
            "Regulation (EU) 2016/679 Art. 6(1)(a)",
            "Regulation (EU) 2024/1689 Art. 5"
        ]
    );
    assert_eq!(
        normalized("the high-risk AI systems listed in Annex III, as explained in Recital 47"),
        ["[this act] Annex III", "[this act] Recital 47"]
    );
    assert_eq!(
        normalized("Subject to Articles 356 to 358, institutions"),
        ["[this act] Art. 356 to 358"]
    );
    assert_eq!(
        normalized(
            "Article 147(8) of Regulation (EU) No 575/2013 and Article 223 of that Regulation"
        ),
        [
            "Regulation (EU) No 575/2013 Art. 147(8)",
            "Regulation (EU) No 575/2013 Art. 223"
        ]
    );
    // `the same Regulation`, as older acts write `that Regulation`.
    assert_eq!(
        normalized(
            "Article 147(8) of Regulation (EU) No 575/2013 and Article 223 of the same Regulation"
        ),
        [
            "Regulation (EU) No 575/2013 Art. 147(8)",
            "Regulation (EU) No 575/2013 Art. 223"
        ]
    );
}

#[test]
fn short_forms_link_to_their_antecedent() {
    let found = cite("42 U.S.C. § 1983 and § 1988(b). Id. at (c).");
    assert_eq!(found[1].normalized.as_deref(), Some("42 U.S.C. 1988(b)"));
    assert_eq!(found[1].antecedent, Some(0));
    assert_eq!(found[2].kind, "id");
    assert_eq!(found[2].normalized.as_deref(), Some("42 U.S.C. 1988(c)"));
    let found = cite("Foo v. Bar, 1 U.S. 100. Id. at 50.");
    assert_eq!(
        found[1].antecedent, None,
        "a pin page before the first page"
    );
    let found = cite("See supra.");
    assert_eq!((found[0].kind, found[0].antecedent), ("supra", None));
}

#[test]
fn not_citations() {
    assert!(cite("Section 3.2.4 of ANSI/APSP/ICC-16 2017 governs pool drains").is_empty());
    assert!(cite("1. The employer shall post the notice on March 3, 2020.").is_empty());
    assert!(cite("a civil penalty of not more than $500 for a first violation").is_empty());
    assert!(cite("8 % of the total risk weight").is_empty());
    // `section 5.4(d)(2) of the Order` names a section of an executive order: a citation of
    // a document outside any code, never one of the citing code.
    assert!(
        cite("section 5.4(d)(2) of the Order")
            .iter()
            .all(|c| c.kind == "named_act")
    );
}

#[test]
fn offsets_are_unicode_scalar_values() {
    let text = "Über § 20-871(b) — siehe „§ 5-301“.";
    let found = cite(text);
    let chars: Vec<char> = text.chars().collect();
    for c in &found {
        let raw: String = chars[c.start..c.end].iter().collect();
        assert_eq!(raw, c.raw);
    }
    assert_eq!(found.len(), 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Arbitrary text never panics and every span lies inside it, on char boundaries.
    #[test]
    fn arbitrary_text_never_panics_and_spans_are_valid(text in "\\PC{0,200}") {
        let cites = extract(&text);
        for c in &cites {
            prop_assert!(c.span.start <= c.span.end && c.span.end <= text.len());
            prop_assert!(text.is_char_boundary(c.span.start) && text.is_char_boundary(c.span.end));
            prop_assert!(c.group.start <= c.span.start && c.span.end <= c.group.end.max(c.span.end));
            prop_assert!(text.is_char_boundary(c.group.start) && text.is_char_boundary(c.group.end));
            let _ = c.normalized();
        }
        let _ = records(&text, &cites);
    }

    /// Citation-shaped noise (section signs, parentheses, dashes, code names) as well.
    #[test]
    fn citation_shaped_noise_never_panics(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("§"), Just("§§ "), Just("("), Just(")"), Just("-"), Just("–"), Just(" "),
                Just("U.S.C. "), Just("C.F.R. "), Just("Id. at "), Just("Article "), Just("of "),
                Just("that Regulation"), Just("through "), Just("and "), Just("Pub. L. "),
                Just("Ala. Code "), Just("\n"), Just("é"), Just("1"), Just("20-871"), Just("a"),
                Just("Const. art. "), Just("IX"), Just("Stat. "), Just("Rule "), Just("supra"),
            ],
            0..40,
        )
    ) {
        let text: String = parts.concat();
        let cites = extract(&text);
        for c in &cites {
            prop_assert!(c.span.end <= text.len());
            prop_assert!(text.is_char_boundary(c.span.start) && text.is_char_boundary(c.span.end));
        }
        let _ = records(&text, &cites);
    }
}
