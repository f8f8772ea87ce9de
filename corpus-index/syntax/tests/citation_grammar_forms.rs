//! Citation forms written from the grammar of the field (The Bluebook, rules 3, 12 and 14 and
//! table T1; the Document Drafting Handbook, ch. 2) on real sentences: Federal Register rules
//! (`shared/corpora/federal-register`), 27 C.F.R., the D.C. Code, and the forms the Bluebook
//! prints. Each test names the class it covers.

use lexls_syntax::citation::record::{CitationRecord, cite, cite_at, context_location};

/// `(kind, normalized)` of each citation.
fn pairs(found: &[CitationRecord]) -> Vec<(String, String)> {
    found
        .iter()
        .map(|c| {
            (
                c.kind.to_string(),
                c.normalized.clone().unwrap_or_else(|| "null".into()),
            )
        })
        .collect()
}

fn read(text: &str) -> Vec<(String, String)> {
    pairs(&cite(text, None))
}

/// The citations of `text` as text of C.F.R. section `section` of title `title`.
fn read_in_cfr(text: &str, title: &str, section: &str) -> Vec<(String, String)> {
    let context = serde_json::json!({"cfr": {"title": title, "section": section}});
    let location = context_location(Some(&context));
    pairs(&cite_at(text, location.as_ref()))
}

fn cfr(n: &str) -> (String, String) {
    ("cfr".into(), n.into())
}

// Class: the Document Drafting Handbook's relative forms in a C.F.R. section (ch. 2): a
// paragraph of this section is the citing section's, a subpart or appendix of this part the
// citing part's, a subpart of part N of this chapter a unit of the citing title. Sentences of
// the NCUA's rules in 12 C.F.R. parts 701 and 747 (Federal Register of June 7, 2017).
#[test]
fn relative_cfr_forms_are_read_at_the_citing_section() {
    assert_eq!(
        read_in_cfr(
            "Paragraphs (b)(2) through (13) of this section identify modifications to subpart B of this part that apply when the eligible borrower is",
            "12",
            "701.21",
        ),
        [
            cfr("12 C.F.R. 701.21(b)(2) to 701.21(b)(13)"),
            cfr("12 C.F.R. Part 701, subpart B"),
        ]
    );
    assert_eq!(
        read_in_cfr(
            "in accordance with the procedures set forth in subpart B to part 746 of this chapter, subject to the following limitations",
            "12",
            "701.21",
        ),
        [cfr("12 C.F.R. Part 746, subpart B")]
    );
    assert_eq!(
        read_in_cfr(
            "may request a hearing on the record conducted pursuant to the procedures set forth in subpart A of part 747 of this chapter.",
            "12",
            "747.3001",
        ),
        [cfr("12 C.F.R. Part 747, subpart A")]
    );
    // Without a location the relative citation stays the citing provision's: no C.F.R.
    // section is invented.
    assert!(
        read("The report must include the information identified in paragraph (f)(1) of this section.")
            .iter()
            .all(|(kind, _)| kind != "cfr")
    );
}

// Class: a subpart or appendix after a C.F.R. part or section (The Bluebook, rules 3.4 and
// 14.2; the Federal Register's `40 CFR part 63, subpart ZZZZ`), subparts lettered past `Z`
// (`AAAAA`, up to the seven letters of 40 C.F.R. part 63), and a part of the citing chapter
// (`part 56 of this chapter`, Federal Register of June 7, 2017).
#[test]
fn cfr_subparts_and_appendices_after_their_part_or_section() {
    assert_eq!(
        read(
            "stationary engines subject to 40 CFR part 63, subpart ZZZZ, and the test methods of 40 C.F.R. pt. 60, app. A-4"
        ),
        [
            cfr("40 C.F.R. Part 63, subpart ZZZZ"),
            cfr("40 C.F.R. Part 60, appendix A-4"),
        ]
    );
    assert_eq!(
        read("Hazard classification follows 29 C.F.R. § 1910.1200 app. A (2019)."),
        [cfr("29 C.F.R. 1910.1200, appendix A")]
    );
    assert_eq!(
        read("Polyvinyl chloride plants meet 40 C.F.R. pt. 63, subpt. HHHHHHH (2012)."),
        [cfr("40 C.F.R. Part 63, subpart HHHHHHH")]
    );
    assert_eq!(
        read_in_cfr(
            "The trading program in subpart DDDDD of part 97 of this chapter applies.",
            "40",
            "52.38",
        ),
        [cfr("40 C.F.R. Part 97, subpart DDDDD")]
    );
    assert_eq!(
        read_in_cfr(
            "by an Institutional Review Board (IRB) constituted and acting pursuant to part 56 of this chapter, including continuing review",
            "21",
            "312.66",
        ),
        [cfr("21 C.F.R. Part 56")]
    );
}

// Class: an appendix of a subpart (the eCFR's hierarchy: part, subpart, appendix; DOE's test
// procedures are `appendix X1 to subpart B of part 430`), in the Document Drafting Handbook's
// of-form and after its part and subpart.
#[test]
fn cfr_appendices_of_a_subpart() {
    // D.C. Code § 8-1771.03 as published.
    assert_eq!(
        read(
            "Showerheads shall not exceed a maximum flow rate of 2.0 gpm at 80 psi, as tested in accordance with Appendix S to Subpart B of Part 430 of Title 10 of the Code of Federal Regulations, titled"
        ),
        [cfr("10 C.F.R. Part 430, subpart B, appendix S")]
    );
    assert_eq!(
        read("The test procedure is in appendix X1 to subpart B of 10 CFR part 430."),
        [cfr("10 C.F.R. Part 430, subpart B, appendix X1")]
    );
    assert_eq!(
        read("Manufacturers must use 10 CFR part 430, subpart B, appendix X1, to test."),
        [cfr("10 C.F.R. Part 430, subpart B, appendix X1")]
    );
    assert_eq!(
        read_in_cfr(
            "Revise appendix A to subpart B of part 430 of this chapter to read as follows:",
            "10",
            "431.92",
        ),
        [cfr("10 C.F.R. Part 430, subpart B, appendix A")]
    );
}

// Class: the Treasury's regulations by the names the regulations give themselves (`the
// Income Tax Regulations`, `the Procedure and Administration Regulations`) and the tax bar
// gives them (`the Treasury Regulations`): title 26 of the C.F.R. (The Bluebook, rule 14.5.1).
#[test]
fn treasury_regulations_by_name_are_title_26() {
    assert_eq!(
        read("Each member is severally liable under Section 1.1502-6 of the Treasury Regulations."),
        [cfr("26 C.F.R. 1.1502-6")]
    );
    assert_eq!(
        read("as defined in § 1.61-1 of the Income Tax Regulations"),
        [cfr("26 C.F.R. 1.61-1")]
    );
    assert_eq!(
        read("See § 301.6501(c)-1 of the Procedure and Administration Regulations."),
        [cfr("26 C.F.R. 301.6501(c)-1")]
    );
}

// Class: the lettered regulations of the Federal Reserve Board and the Consumer Financial
// Protection Bureau (12 C.F.R. chapters II and X: `Regulation Z` is part 226 and part 1026,
// the letter's place in the alphabet) and of the SEC (17 C.F.R. chapter II: `Regulation NMS`,
// its `Regulation D` in part 230), before or after a section whose number carries its part.
#[test]
fn lettered_regulations_are_the_parts_their_letters_number() {
    // D.C. Code § 26-103 as published (before: a bare `§ 204.8(a)(1)` of the D.C. Code).
    assert_eq!(
        read(
            "the term “international banking facility” shall have the same meaning as defined in § 204.8(a)(1) of Regulation D of the Board of Governors of the Federal Reserve System"
        ),
        [cfr("12 C.F.R. 204.8(a)(1)")]
    );
    assert_eq!(
        read(
            "The disclosures required by § 1026.18(d) of Regulation Z and Regulation X § 1024.35."
        ),
        [cfr("12 C.F.R. 1026.18(d)"), cfr("12 C.F.R. 1024.35")]
    );
    assert_eq!(
        read(
            "Funds availability under Reg. CC § 229.2(a) and reserves under § 204.2 of Regulation D."
        ),
        [cfr("12 C.F.R. 229.2(a)"), cfr("12 C.F.R. 204.2")]
    );
    assert_eq!(
        read(
            "An offering exempt under § 230.506(b) of Regulation D and § 242.611 of Regulation NMS."
        ),
        [cfr("17 C.F.R. 230.506(b)"), cfr("17 C.F.R. 242.611")]
    );
    // A section without its part is the regulation's, by name; no section of the citing code.
    assert_eq!(
        read("The creditor shall comply with section 5 of Regulation Z."),
        [named("Regulation Z § 5")]
    );
}

// Class: the President's numbered documents (The Bluebook, rule 14.7): proclamations beside
// executive orders, and title 3 of the C.F.R. cited by page of its annual compilation, not by
// part. In the Bluebook's form and the Federal Register's (`E.O. 12866, 58 FR 51735`).
#[test]
fn proclamations_and_the_title_3_compilation() {
    assert_eq!(
        read(
            "as set forth in Proclamation 9645 of September 24, 2017, and Presidential Proclamation No. 7463"
        ),
        [
            ("executive_order".into(), "Proclamation No. 9645".into()),
            ("executive_order".into(), "Proclamation No. 7463".into()),
        ]
    );
    assert_eq!(
        read("Exec. Order No. 13,526, 3 C.F.R. 298 (2010)"),
        [
            ("executive_order".into(), "Exec. Order No. 13526".into()),
            cfr("3 C.F.R. 298"),
        ]
    );
    // `Proc.` is a proclamation alone (`Proc. 7463`), `Procedure` in a compound abbreviation.
    assert_eq!(
        read("Imports were limited by Proc. 7463 of the President."),
        [("executive_order".into(), "Proclamation No. 7463".into())]
    );
    assert_eq!(
        read("Quotas were proclaimed in Pres. Proc. 4707."),
        [("executive_order".into(), "Proclamation No. 4707".into())]
    );
    assert!(
        read("The motion was heard under Code Civ. Proc. 1005 and local rules.")
            .iter()
            .all(|(kind, _)| kind != "executive_order")
    );
    // An executive order is still one.
    assert_eq!(
        read("E.O. 12866, 58 FR 51735"),
        [
            ("executive_order".into(), "Exec. Order No. 12866".into()),
            ("fed_reg".into(), "58 Fed. Reg. 51735".into()),
        ]
    );
}

// Class: a state's or city's compilation of regulations numbered by title, named in words
// with its title in every order the states' statutes and agencies use: the title and the
// name, the name and the title, the title's number before the name (the Texas Register's
// `30 Texas Administrative Code § 335.1`), the section before both, and the title as a
// whole; each as table T1 abbreviates it (`Cal. Code Regs. tit. 20`, `D.C. Mun. Regs. tit.
// 25A`). Sentences of the D.C. Code (§§ 8-1771.03, 8-1865.02, 6-1041.01, 2-1002, 50-2111).
#[test]
fn compilations_of_regulations_named_in_words_with_their_title() {
    let reg = |n: &str| -> (String, String) { ("state_regulation".into(), n.into()) };
    assert_eq!(
        read(
            "shall meet or exceed the energy efficiency requirements of § 1605.3(v) of Title 20 of the California Code of Regulations,  as measured"
        ),
        [reg("Cal. Code Regs. tit. 20, § 1605.3(v)")]
    );
    assert_eq!(
        read(
            "Meet the requirements of section 503.1 of Title 25A of the District of Columbia Municipal Regulations (25A DCMR § 503.1), by ensuring"
        ),
        [
            reg("D.C. Mun. Regs. tit. 25A, § 503.1"),
            reg("D.C. Mun. Regs. tit. 25A, § 503.1")
        ]
    );
    assert_eq!(
        read(
            "an order approving a Planned Unit Development pursuant to Chapter 3 of Title 11-X of the District of Columbia Municipal Regulations."
        ),
        [reg("D.C. Mun. Regs. tit. 11-X, ch. 3")]
    );
    assert_eq!(
        read(
            "new Title XII will be codified at Title 10 of the District of Columbia Municipal Regulations."
        ),
        [reg("D.C. Mun. Regs. tit. 10")]
    );
    assert_eq!(
        read(
            "California Code of Regulations, title 22, section 66261.3; Title 8, California Code of Regulations, Section 3203; 30 Texas Administrative Code § 335.1; Illinois Administrative Code, Title 35, Section 721.103; Title 16 of the Official Compilation of Codes, Rules and Regulations of the State of New York"
        ),
        [
            reg("Cal. Code Regs. tit. 22, § 66261.3"),
            reg("Cal. Code Regs. tit. 8, § 3203"),
            reg("Tex. Admin. Code tit. 30, § 335.1"),
            reg("Ill. Admin. Code tit. 35, § 721.103"),
            reg("N.Y. Comp. Codes R. & Regs. tit. 16")
        ]
    );
    // A compilation numbered by agency or chapter has no title to cite, and a title's
    // number before the name cites only with a section.
    assert_eq!(
        read("Title 10 of the Plan; 30 Texas Administrative Code"),
        []
    );
}

// Class: the containers of the citing C.F.R. title in the Document Drafting Handbook's
// relative forms (ch. 2: `chapter II of this title`, `subchapter C of this chapter`) name the
// same division as the title's explicit citation (`40 C.F.R. chapter II`), the citing chapter
// taken from where the text stands; and an explicit citation keeps every level after the
// chapter (`40 CFR chapter I, subchapter C`; `6 RCNY Chapter 5, Subchapter T` is the city's
// rules, no federal title's).
#[test]
fn containers_of_the_citing_title_as_its_explicit_citations_name_them() {
    let context = serde_json::json!({"cfr": {"title": "40", "chapter": "I", "section": "60.4"}});
    let location = context_location(Some(&context));
    let found = pairs(&cite_at(
        "Sources subject to chapter II of this title and to subchapter C of this chapter shall comply with this chapter.",
        location.as_ref(),
    ));
    assert_eq!(
        found,
        [
            cfr("40 C.F.R. chapter II"),
            cfr("40 C.F.R. chapter I, subchapter C"),
            cfr("40 C.F.R. chapter I")
        ]
    );
    assert_eq!(
        read(
            "See 40 CFR chapter I, subchapter C; 44 U.S.C. chapter 35, subchapter II; 6 RCNY Chapter 5, Subchapter T."
        ),
        [
            cfr("40 C.F.R. chapter I, subchapter C"),
            ("usc".into(), "44 U.S.C. ch. 35, subch. II".into()),
            ("state_regulation".into(), "6 RCNY ch. 5, subch. T".into())
        ]
    );
}

// Class: the states' own forms of rules of their administrative codes (Bluepages table
// BT2): Florida's rule with the code after it (`Rule 62-296.320, F.A.C.`, the Florida
// Administrative Code's own style), Indiana's title, article, rule and section with an
// inserted article numbered with a decimal (`329 IAC 3.1-1-1`).
#[test]
fn rules_of_state_administrative_codes_in_their_own_forms() {
    let reg = |n: &str| -> (String, String) { ("state_regulation".into(), n.into()) };
    assert_eq!(
        read(
            "as provided in Rule 62-296.320, F.A.C., and rule 62-4.050(4)(a), Florida Administrative Code."
        ),
        [
            reg("Fla. Admin. Code r. 62-296.320"),
            reg("Fla. Admin. Code r. 62-4.050(4)(a)")
        ]
    );
    assert_eq!(
        read("under 329 IAC 3.1-1-1 and 326 IAC 2-2-1"),
        [
            reg("329 Ind. Admin. Code 3.1-1-1"),
            reg("326 Ind. Admin. Code 2-2-1")
        ]
    );
    // `rule` in lower case before a number alone is a word's.
    assert_eq!(read("under rule 5-2 of the club"), []);
}

// Class: the compilations of regulations numbered without a title, named in words before
// the number (`Code of Maryland Regulations (COMAR) … COMAR 26.11.17`, as the Federal Register
// of October 3, 2017 names Maryland's) or in an `of` clause, cited in table T1's code with its
// designator (`§`, `r.`, none); the states' own initials of their rules (`RCSA`, `HAR`,
// `K.A.R.`, `NAC`, `ARSD`) and numbers (`LAC 33:III.2103`, `20.2.72.200 NMAC`,
// `250-RICR-120-05-1`); Connecticut's numbers that carry the authorising statute's
// subdivision (`22a-449(c)-100`, no range).
#[test]
fn compilations_of_regulations_named_in_words_without_a_title() {
    let reg = |n: &str| -> (String, String) { ("state_regulation".into(), n.into()) };
    assert_eq!(
        read(
            "Maryland's longstanding SIP approved NNSR program, established in Code of Maryland Regulations 26.11.17.01, and Washington Administrative Code (WAC) 173-400-030"
        ),
        [
            reg("Md. Code Regs. 26.11.17.01"),
            reg("Wash. Admin. Code § 173-400-030")
        ]
    );
    assert_eq!(
        read(
            "pursuant to rule 62-296.320 of the Florida Administrative Code, Minnesota Rules, part 7007.0100, and section 22a-174-3a of the Regulations of Connecticut State Agencies"
        ),
        [
            reg("Fla. Admin. Code r. 62-296.320"),
            reg("Minn. R. 7007.0100"),
            reg("Conn. Agencies Regs. § 22a-174-3a")
        ]
    );
    assert_eq!(
        read(
            "Michigan Administrative Code R 336.1101; Oregon Administrative Rule 340-200-0020; Rule 391-3-1-.02 of the Rules and Regulations of the State of Georgia"
        ),
        [
            reg("Mich. Admin. Code r. 336.1101"),
            reg("Or. Admin. R. 340-200-0020"),
            reg("Ga. Comp. R. & Regs. 391-3-1-.02")
        ]
    );
    assert_eq!(
        read(
            "RCSA § 22a-449(c)-100(a); HAR § 11-60.1-1; K.A.R. 28-19-300; NAC 444.842; ARSD 74:36:01:01; LAC 33:III.2103; 20.2.72.200 NMAC; 250-RICR-120-05-1"
        ),
        [
            reg("Conn. Agencies Regs. § 22a-449(c)-100(a)"),
            reg("Haw. Code R. § 11-60.1-1"),
            reg("Kan. Admin. Regs. § 28-19-300"),
            reg("Nev. Admin. Code § 444.842"),
            reg("S.D. Admin. R. 74:36:01:01"),
            reg("La. Admin. Code tit. 33, pt. III, § 2103"),
            reg("N.M. Code R. § 20.2.72.200"),
            reg("250 R.I. Code R. 120-05-1")
        ]
    );
    // A compilation named without a number is a name in prose; a section number written
    // whole after the labels still ends a range.
    assert_eq!(read("the Oregon Administrative Rules provide that"), []);
    assert_eq!(
        read("§§ 20-871(b)-20-873 of the Administrative Code of the City of New York"),
        [(
            "state_statute".into(),
            "NYC Admin. Code §§ 20-871(b) to 20-873".into()
        )]
    );
}

// Class: a chapter of a code or compilation numbered with its title or agency, cited whole
// with the code named after it in the state's own form (Florida's `Chapter 62-296, F.A.C.`,
// Washington's `chapter 9A.32 RCW` and `chapter 173-400 WAC`) or in words (a compilation's
// name, a code's title, a state's subject code), in table T1's chapter form (`Wash. Rev.
// Code ch. 9A.32`, `Fla. Stat. ch. 119`).
#[test]
fn chapters_of_codes_named_after_them_in_the_states_own_forms() {
    assert_eq!(
        read(
            "Permits under Chapter 62-296, F.A.C., chapter 9A.32 RCW, Chapter 173-400 WAC and chapter 62-4 of the Florida Administrative Code"
        ),
        [
            (
                "state_regulation".into(),
                "Fla. Admin. Code ch. 62-296".into()
            ),
            ("state_statute".into(), "Wash. Rev. Code ch. 9A.32".into()),
            (
                "state_regulation".into(),
                "Wash. Admin. Code ch. 173-400".into()
            ),
            (
                "state_regulation".into(),
                "Fla. Admin. Code ch. 62-4".into()
            )
        ]
    );
    // A chapter of a state's code by its title in words or as a subject code (table T1).
    assert_eq!(
        read(
            "records exempt under chapter 119 of the Florida Statutes, chapter 2.2-37 of the Code of Virginia and Chapter 552 of the Texas Government Code"
        ),
        [
            ("state_statute".into(), "Fla. Stat. ch. 119".into()),
            ("state_statute".into(), "Va. Code ch. 2.2-37".into()),
            ("state_statute".into(), "Tex. Gov't Code ch. 552".into())
        ]
    );
    // A chapter of the D.C. Code in words stays as it was read, and a code's chapter by an
    // act's name is the act's (`I.R.C. ch. 5`).
    assert_eq!(read("chapter 2-14 of the D.C. Official Code"), []);
    assert_eq!(
        read("chapter 5 of the Internal Revenue Code"),
        [("named_act".into(), "I.R.C. ch. 5".into())]
    );
}

// Class: a section of a title of a state's code numbered by title, the code named by its
// title in words (`section 2502 of Title 18 of the Pennsylvania Consolidated Statutes`, as
// Pennsylvania's own statutes write it; Delaware's, Vermont's): table T1's code of that
// title (`18 Pa. Cons. Stat. § 2502`, `Del. Code tit. 11, § 636`), as its abbreviated form
// (`18 Pa.C.S. § 2502`) names it; before, a named act `the Pennsylvania Consolidated
// Statutes title 18`.
#[test]
fn sections_of_a_state_codes_title_named_in_words() {
    let st = |n: &str| -> (String, String) { ("state_statute".into(), n.into()) };
    assert_eq!(
        read(
            "an offense under section 2502 of Title 18 of the Pennsylvania Consolidated Statutes or 18 Pa.C.S. § 2503, section 636 of Title 11 of the Delaware Code, or section 2301 of Title 13 of the Vermont Statutes Annotated"
        ),
        [
            st("18 Pa. Cons. Stat. § 2502"),
            st("18 Pa. Cons. Stat. § 2503"),
            st("Del. Code tit. 11, § 636"),
            st("Vt. Stat. Ann. tit. 13, § 2301")
        ]
    );
}

// Class: the states' own initials of their codes (Bluepages table BT2: Ohio's `ORC`, Utah's
// `UCA`, Rhode Island's `R.I.G.L.`, Virginia's `Code of Va.`), before the number or named in
// an `of` clause (`section 200.030 of NRS`); a state's subject code named in words in an `of`
// clause (`Article 38.22 of the Texas Code of Criminal Procedure`), and an article of a code
// cited by article with its sections (`Tex. Code Crim. Proc. art. 38.22, § 3`; Texas's
// `Article 42.12, Code of Criminal Procedure`). An act named after a place that is a state
// (`the Tennessee Valley Authority Act of 1933`, U.S. Code title 41) is no state's code.
#[test]
fn states_own_initials_and_subject_codes_in_of_clauses() {
    let st = |n: &str| -> (String, String) { ("state_statute".into(), n.into()) };
    assert_eq!(
        read("ORC 2903.01; UCA 76-5-202; R.I.G.L. § 11-23-1; Code of Va. § 18.2-32"),
        [
            st("Ohio Rev. Code Ann. § 2903.01"),
            st("Utah Code Ann. § 76-5-202"),
            st("R.I. Gen. Laws § 11-23-1"),
            st("Va. Code § 18.2-32")
        ]
    );
    assert_eq!(
        read("section 200.030 of NRS and section 2903.01 of the ORC"),
        [
            st("Nev. Rev. Stat. § 200.030"),
            st("Ohio Rev. Code Ann. § 2903.01")
        ]
    );
    assert_eq!(
        read(
            "Article 38.22 of the Texas Code of Criminal Procedure; Tex. Code Crim. Proc. Ann. art. 38.22, § 3(a); Article 42.12, Code of Criminal Procedure"
        ),
        [
            st("Tex. Code Crim. Proc. art. 38.22"),
            st("Tex. Code Crim. Proc. Ann. art. 38.22, § 3(a)"),
            (
                "named_act".into(),
                "Code of Criminal Procedure art. 42.12".into()
            )
        ]
    );
    assert_eq!(
        read(
            "the Authority may not obtain electricity from sources other than the Tennessee Valley Authority, as provided in section 9(b) of the Tennessee Valley Authority Act of 1933"
        ),
        [(
            "named_act".into(),
            "Tennessee Valley Authority Act of 1933 § 9(b)".into()
        )]
    );
}

// Class: Texas's codes as West's annotated edition cites them (Vernon's: `V.T.C.A., Penal
// Code § 19.02`, `Vernon's Ann. C.C.P. art. 38.22, § 3`, `Vernon's Ann. Civ. St. art.
// 4495b`), in table T1's names (`Tex. Penal Code Ann.`, `Tex. Code Crim. Proc. Ann.`, `Tex.
// Rev. Civ. Stat. Ann.`). The D.C. Code's table of the uniform act's enactments (§ 7-1101)
// cites Texas's so.
#[test]
fn texas_codes_in_vernons_forms() {
    let st = |n: &str| -> (String, String) { ("state_statute".into(), n.into()) };
    let found = read(
        "Tex.—V.T.C.A., Health & Safety Code §§ 612.001 to 612.007. Utah—U.C.A. 1953, 62A-15-801, 62A-15-802.",
    );
    assert_eq!(
        found.first(),
        Some(&st("Tex. Health & Safety Code Ann. §§ 612.001 to 612.007"))
    );
    assert_eq!(
        read(
            "See V.T.C.A., Penal Code § 19.02(b)(1); V.T.C.A., Civil Practice and Remedies Code § 74.351; Vernon's Ann. C.C.P. art. 38.22, § 3; Vernon's Ann.Civ.St. art. 4495b."
        ),
        [
            st("Tex. Penal Code Ann. § 19.02(b)(1)"),
            st("Tex. Civ. Prac. & Rem. Code Ann. § 74.351"),
            st("Tex. Code Crim. Proc. Ann. art. 38.22, § 3"),
            st("Tex. Rev. Civ. Stat. Ann. art. 4495b")
        ]
    );
}

// Class: a state's code by its title in words (table T1) and the D.C. Code by its official
// title, `D.C. Official Code` (D.C. Code, quoted acts: `(D.C. Law 10-257; D.C. Official Code §
// 22-3015)`), which is the code lexls knows as `D.C. Code`.
#[test]
fn state_codes_by_their_titles() {
    assert_eq!(
        read("Third degree sexual abuse (D.C. Law 10-257; D.C. Official Code § 22-3015);"),
        [
            ("dc_law".into(), "D.C. Law 10-257".into()),
            ("state_statute".into(), "D.C. Code § 22-3015".into()),
        ]
    );
    assert_eq!(
        read("Closed meetings are allowed by § 2.2-3711(A)(1) of the Code of Virginia."),
        [("state_statute".into(), "Va. Code § 2.2-3711(A)(1)".into())]
    );
    assert_eq!(
        read("Sovereign immunity is waived by Florida Statutes section 768.28."),
        [("state_statute".into(), "Fla. Stat. § 768.28".into())]
    );
}

// Class: titles designated with a letter (table T1): Maine's `tit. 17-A` (the Criminal Code)
// and North Carolina's administrative code title `15A` before the code's name.
#[test]
fn titles_designated_with_a_letter() {
    assert_eq!(
        read("Murder is defined in Me. Stat. tit. 17-A, § 201 (2021)."),
        [("state_statute".into(), "Me. Stat. tit. 17-A, § 201".into())]
    );
    let found = read("Emission limits are set by 15A N.C. Admin. Code 2D.0101 (2021).");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "state_regulation");
    assert!(found[0].1.starts_with("15A N.C. Admin. Code"), "{found:?}");
    assert!(found[0].1.ends_with("2D.0101"), "{found:?}");
}

// Class: the codes' own styles of naming the code after the section (the Florida Statutes'
// `s. 119.07, F.S.` and `section 768.28, Florida Statutes`; Texas's `Section 552.101,
// Government Code`), and a chapter or title of a state code cited as a whole (The Bluebook,
// rule 12.9: `Fla. Stat. ch. 119`, `Mass. Gen. Laws ch. 151B`).
#[test]
fn codes_named_after_the_section_and_chapters_cited_whole() {
    assert_eq!(
        read("Records are exempt from s. 119.07(1), F.S., as provided in s. 119.071."),
        [
            ("state_statute".into(), "Fla. Stat. § 119.07(1)".into()),
            // A section of the same chapter: the short form of the code just cited.
            ("state_statute".into(), "Fla. Stat. § 119.071".into()),
        ]
    );
    assert_eq!(
        read("Immunity is waived as provided in section 768.28, Florida Statutes, for torts."),
        [("state_statute".into(), "Fla. Stat. § 768.28".into())]
    );
    assert_eq!(
        read("Information is excepted from disclosure under Section 552.101, Government Code."),
        [("named_act".into(), "Government Code § 552.101".into())]
    );
    assert_eq!(
        read("Public records are governed by Fla. Stat. ch. 119 and Mass. Gen. Laws ch. 151B."),
        [
            ("state_statute".into(), "Fla. Stat. ch. 119".into()),
            ("state_statute".into(), "Mass. Gen. Laws ch. 151B".into()),
        ]
    );
    assert_eq!(
        read("Agency records are open under chapter 119, Florida Statutes, and chapter 120, F.S."),
        [
            ("state_statute".into(), "Fla. Stat. ch. 119".into()),
            ("state_statute".into(), "Fla. Stat. ch. 120".into()),
        ]
    );
    // New York's consolidated laws as its statutes name them, in lower case.
    assert_eq!(
        read(
            "an unlawful discriminatory practice under section 296 of the executive law or \
              section 201-d of the labor law"
        ),
        [
            ("named_act".into(), "Executive Law § 296".into()),
            ("named_act".into(), "Labor Law § 201-d".into()),
        ]
    );
    assert_eq!(
        read("as provided by section 296 of the Executive Law"),
        [("named_act".into(), "Executive Law § 296".into())]
    );
    // A chapter followed by its section is one citation of that section.
    assert_eq!(
        read("It is unlawful under Mass. Gen. Laws ch. 151B, § 4 to discriminate."),
        [(
            "state_statute".into(),
            "Mass. Gen. Laws ch. 151B, § 4".into()
        )]
    );
    // `S.` capitalised, or glued to a word, is no section: `410 U.S. 113` is a case.
    assert!(
        read("See Roe v. Wade, 410 U.S. 113 (1973).")
            .iter()
            .all(|(kind, _)| kind != "section")
    );
}

// Class: a provision of a document that is no law (a contract, a pleading, an order) is no
// citation (the Document Drafting Handbook cites only law and documents incorporated by
// reference), while a section of a named act still is.
#[test]
fn provisions_of_documents_that_are_no_law() {
    assert!(read("Section 3.2 of the Agreement governs termination of the lease.").is_empty());
    assert!(
        read("Paragraph 3 of the Complaint alleges that defendant breached the contract.")
            .is_empty()
    );
    assert_eq!(
        read(
            "Under section 5.4(d)(2) of the Order, the agency shall act under section 553 of the Administrative Procedure Act."
        ),
        [(
            "named_act".into(),
            "Administrative Procedure Act § 553".into()
        )]
    );
    // Guidance, notices and circulars, also an agency's (`OMB Circular A-4`).
    assert!(read("as Section 2.1 of the Guidance explains").is_empty());
    assert!(read("under Section 3 of OMB Circular A-4, agencies weigh").is_empty());
    // A rulemaking's supporting documents, and a document whose name's head noun stands
    // before its `of` (Federal Register, 2017-09-29 and 2017-10-03); an act's name that
    // holds such a noun is still an act's (D.C. Code § 8-1808's notes).
    assert!(read("the RQE to purchase (see Section 4.5 of the Analysis). Therefore").is_empty());
    assert!(read("as explained in Section 2 of the Technical Support Document for").is_empty());
    assert!(read("under Section 2 of the Memorandum of Understanding, the parties").is_empty());
    assert_eq!(
        read("see § 2(j) of Standard of Care for Animals Emergency Amendment Act of 2017"),
        [(
            "named_act".into(),
            "Standard of Care for Animals Emergency Amendment Act of 2017 § 2(j)".into()
        )]
    );
    // A clause of a standard numbered with a period is not a lettered or numbered
    // subdivision (`clause 7.5`, `14001:2015`).
    assert!(
        read("as required by ISO/IEC 27001 clause 7.5")
            .iter()
            .all(|(kind, _)| kind != "section")
    );
}

// Class: a part of a document's own outline (a rulemaking's preamble, a reorganization
// plan: Roman numerals and letters, and `above` or `below`), which no code numbers its
// sections by, is no citation; nor a capital that opens initials (`D.C.`) a list item.
// Sentences of the Federal Register (2017-06-07, 2017-10-03) and the D.C. Code (§§
// 1-1506.05, 1-204.42).
#[test]
fn outlines_of_documents_and_initials_are_not_sections() {
    assert!(read("These comments are discussed in Section VI. below. Finally, EPA").is_empty());
    assert!(
        read("the NNSR requirements is provided in Section II below. B. 2017 Findings").is_empty()
    );
    assert!(read("as discussed in section III.B.2 of this preamble, the EPA").is_empty());
    assert!(read("the functions set forth in Section V.(A)(I) above.").is_empty());
    assert!(
        read("and funds relating to the functions set forth under Section IV above, are hereby transferred")
            .is_empty()
    );
    assert_eq!(
        read("Appropriations Act, 2009 ( secs. 47-369.01 and 47-369.02, D.C. Official Code), and"),
        [
            ("section".into(), "§ 47-369.01".into()),
            ("section".into(), "§ 47-369.02".into()),
        ]
    );
    // A compact's or a code's Roman-numbered section without an outline stays a citation.
    assert_eq!(
        read("as required by section II(a) of the Compact"),
        [("named_act".into(), "Compact § II(a)".into())]
    );
    assert_eq!(
        read("the Board under section III of this Act shall"),
        [("named_act".into(), "this Act § III".into())]
    );
}

// Class: a code's list closed by a word no count is followed by (a determiner, a pronoun, an
// auxiliary verb), where a count is followed by its noun; and the section sign as commercial
// plain text prints it (`S`, `s`).
#[test]
fn lists_closed_by_a_clause_and_plain_text_section_signs() {
    assert_eq!(
        read("Under 42 U.S.C. 1395, 1396; 1397, 1398 the Secretary may waive the requirement."),
        [
            ("usc".into(), "42 U.S.C. 1395".into()),
            ("usc".into(), "42 U.S.C. 1396".into()),
            ("usc".into(), "42 U.S.C. 1397".into()),
            ("usc".into(), "42 U.S.C. 1398".into()),
        ]
    );
    assert_eq!(
        read("Requests are answered under 5 U.S.C. 552, 30 days after receipt."),
        [("usc".into(), "5 U.S.C. 552".into())]
    );
    assert_eq!(
        read("The claim arises under 42 U.S.C. S 1983 as pleaded."),
        [("usc".into(), "42 U.S.C. 1983".into())]
    );
    // `S` before a word is no section sign.
    assert_eq!(
        read("See 42 U.S.C. S Corporation rules."),
        [("usc".into(), "42 U.S.C.".into())]
    );
}

// Class: every form of the repository's grammar lists (`tests/fixtures/citation-forms`: table
// T1's state codes and regulations, and the codes' own styles) is read whole in a sentence.
#[test]
fn citation_forms_of_the_grammar_are_read_whole() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/citation-forms");
    for list in [
        "t1-forms.txt",
        "t1-more-forms.txt",
        "codes-own-styles.txt",
        "federal-forms.txt",
        "style-manual-forms.txt",
    ] {
        let text = std::fs::read_to_string(dir.join(list)).expect("form list");
        let forms: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        assert!(forms.len() >= 19, "{list}: {} forms", forms.len());
        let missed: Vec<String> = forms
            .iter()
            .filter_map(|form| {
                let sentence = format!("As provided in {form}, the employer shall report.");
                let undated = form.rsplit_once(" (").map_or(*form, |(head, _)| head);
                let raws: Vec<String> = cite(&sentence, None).into_iter().map(|c| c.raw).collect();
                (!raws.iter().any(|r| r == form || r == undated))
                    .then(|| format!("{form} => {raws:?}"))
            })
            .collect();
        assert!(missed.is_empty(), "{list}: not read whole: {missed:#?}");
    }
}

// Class: the forms of the grammar lists with their code names in capitals (large and small
// capitals out of a PDF; The Bluebook, rule 2.1) name what they name in mixed case. A few
// forms' names are no small capitals (`s. 120.54, F.S.`, `G.L. c. 151B`: the designator
// in capitals is no form), so most, not all, must hold.
#[test]
fn forms_of_the_grammar_in_capitals_read_as_in_mixed_case() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/citation-forms");
    let (mut same, mut total) = (0usize, 0usize);
    let mut differ = Vec::new();
    for list in ["t1-forms.txt", "t1-more-forms.txt", "codes-own-styles.txt"] {
        let text = std::fs::read_to_string(dir.join(list)).expect("form list");
        for form in text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            // The name, before its section sign, number or division (`tit.`, `ch.`, `art.`,
            // set in roman type).
            let division = [" tit.", " ch.", " art."]
                .iter()
                .filter_map(|d| form.find(d).map(|at| at + 1))
                .min();
            let number = form.find(|c: char| c == '§' || c.is_ascii_digit());
            let Some(at) = division.into_iter().chain(number).min() else {
                continue;
            };
            let capitals = format!("{}{}", form[..at].to_uppercase(), &form[at..]);
            if capitals == form {
                continue;
            }
            let sentence =
                |f: &str| read(&format!("As provided in {f}, the employer shall report."));
            total += 1;
            if sentence(form) == sentence(&capitals) {
                same += 1;
            } else {
                differ.push(capitals);
            }
        }
    }
    assert!(total >= 200, "{total} forms");
    assert!(
        same * 100 >= total * 95,
        "{same}/{total}; differ: {differ:#?}"
    );
}

// Class: what the codes' own forms and T1's older forms name (The Bluebook, table T1 and
// Bluepages table BT2): a state's own abbreviation names the code T1 gives it, before the
// section (`RSMo`, `NMSA 1978`) or with a lettered title (`17-A M.R.S.`); the District's
// municipal regulations are regulations (`20 DCMR`); an older code's article is a division
// its sections are cited under (`Tex. Rev. Civ. Stat. Ann. art. 4495b, § 5.08`); an
// edition's year after the code's name is read past (`Ala. Code 1975, § 6-2-38`); an act
// numbered in its year (`Act 51 of 1977`) is an act of its own, not the citing document;
// administrative codes keep their own numbering (`401 KAR 100:010`, `R307-101-2`).
#[test]
fn own_forms_name_the_code_of_table_t1() {
    let cases: &[(&str, (&str, &str))] = &[
        (
            "The penalty is set in RSMo § 565.020 and no other.",
            ("state_statute", "Mo. Rev. Stat. § 565.020"),
        ),
        (
            "The penalty is set in NMSA 1978, § 30-2-1 and no other.",
            ("state_statute", "N.M. Stat. Ann. § 30-2-1"),
        ),
        (
            "The penalty is set in 17-A M.R.S. § 201 and no other.",
            ("state_statute", "Me. Stat. tit. 17-A, § 201"),
        ),
        (
            "according to 14 DCMR § 2503.1(b)(1); provided, that no qualified applicant",
            (
                "state_regulation",
                "D.C. Mun. Regs. tit. 14, § 2503.1(b)(1)",
            ),
        ),
        (
            "The board acts under Tex. Rev. Civ. Stat. Ann. art. 4495b, § 5.08 (West 2021).",
            (
                "state_statute",
                "Tex. Rev. Civ. Stat. Ann. art. 4495b, § 5.08",
            ),
        ),
        (
            "The claim is barred by Ala. Code 1975, § 6-2-38, as amended.",
            ("state_statute", "Ala. Code § 6-2-38"),
        ),
        (
            "The rules are kept in Code Me. R. § 06-096-100 (2021).",
            ("state_regulation", "Code Me. R. § 06-096-100"),
        ),
        (
            "Benefits are set by N.Y. Workers' Comp. Law § 11 (McKinney 2021).",
            ("state_statute", "N.Y. Workers' Comp. Law § 11"),
        ),
        (
            "The accused may be detained under section 5 of Act 51 of 1977 for questioning.",
            ("named_act", "Act 51 of 1977 § 5"),
        ),
        // North Dakota's, Wyoming's and Alaska's own forms of their codes.
        (
            "A person who violates NDCC 12.1-16-01 is guilty of a class AA felony.",
            ("state_statute", "N.D. Cent. Code § 12.1-16-01"),
        ),
        (
            "The sentence imposed under W.S. 1977 § 6-2-101 is affirmed.",
            ("state_statute", "Wyo. Stat. Ann. § 6-2-101"),
        ),
        (
            "Murder in the first degree is defined in AS 11.41.100 and punished as a felony.",
            ("state_statute", "Alaska Stat. § 11.41.100"),
        ),
        // Kentucky's and Indiana's administrative codes by their own numbers: a chapter of
        // three digits, a rule numbered with a decimal.
        (
            "Permits are required by 401 KAR 100:010 for every discharge.",
            ("state_regulation", "401 Ky. Admin. Regs. 100:010"),
        ),
        (
            "Sources listed in 326 IAC 2-1.1-1 need a permit.",
            ("state_regulation", "326 Ind. Admin. Code 2-1.1-1"),
        ),
        // Louisiana's administrative code is cut into titles and parts (table T1).
        (
            "The limits of La. Admin. Code tit. 33, pt. III, § 509 apply.",
            (
                "state_regulation",
                "La. Admin. Code tit. 33, pt. III, § 509",
            ),
        ),
        // Utah numbers its rules with an `R`.
        (
            "The permit program of Utah Admin. Code R307-101-2 applies.",
            ("state_regulation", "Utah Admin. Code R307-101-2"),
        ),
    ];
    for (text, (kind, normalized)) in cases {
        assert_eq!(
            read(text),
            [((*kind).to_string(), (*normalized).to_string())],
            "{text}"
        );
    }
    // `AS` in capitals before another number is a word.
    assert_eq!(
        read("SUCH AMOUNTS AS 12.5 PERCENT OF THE BASE AND AS 10.25.1 ALLOWS"),
        Vec::<(String, String)>::new()
    );
}

// Class: numbering conventions that tell a citation's code and levels. The Florida Statutes
// number the levels below a paragraph `1.` and `a.` without parentheses (`s.
// 893.13(1)(a)1., F.S.`); the U.S. Code numbers no section with a period and the C.F.R.
// every one, so `section 1.2 of title 40` is the C.F.R.'s; a state's court rules are no
// administrative code (`Mich. Ct. R. 6.500`, table T1).
#[test]
fn numbering_conventions_tell_the_code_and_the_levels() {
    assert_eq!(
        read("He was charged under s. 893.13(1)(a)1., F.S., with possession."),
        [(
            "state_statute".into(),
            "Fla. Stat. § 893.13(1)(a)(1)".into()
        )]
    );
    assert_eq!(
        read("He was sentenced under Fla. Stat. § 775.082(3)(a)1.a. for the offense."),
        [(
            "state_statute".into(),
            "Fla. Stat. § 775.082(3)(a)(1)(a)".into()
        )]
    );
    assert_eq!(
        read("Section 1.2 of title 40 applies, and section 7401 of title 42 too."),
        [
            ("cfr".to_string(), "40 C.F.R. 1.2".to_string()),
            ("usc".to_string(), "42 U.S.C. 7401".to_string())
        ]
    );
    assert_eq!(
        read("See Mich. Comp. Laws § 780.621; see also Mich. Ct. R. 6.500."),
        [
            (
                "state_statute".to_string(),
                "Mich. Comp. Laws § 780.621".to_string()
            ),
            ("court_rule".to_string(), "Mich. Ct. R. 6.500".to_string())
        ]
    );
}

// Class: the District's own names of its codes, in any case (D.C. Code, a heading's `DC
// CODE`; D.C. Code § 1-301.01's own style of its municipal regulations: `20 DCMR`, `Title
// 25-C of the District of Columbia Municipal Regulations`): sentences of D.C. Code §§ 7-434
// and 42-2802. A lettered title (`25-C`) stays whole.
#[test]
fn the_districts_codes_by_their_own_names() {
    assert_eq!(
        read("See DC CODE § 1-1161.01 and DC Official Code 2-1831.01."),
        [
            (
                "state_statute".to_string(),
                "D.C. Code § 1-1161.01".to_string()
            ),
            (
                "state_statute".to_string(),
                "D.C. Code § 2-1831.01".to_string()
            )
        ]
    );
    // A chapter of such a title is the regulations' too (D.C. Code § 42-2802.01), and a
    // `title-section` number after them is the D.C. Code's (§ 2-219.03), not theirs.
    assert_eq!(
        read(
            "set forth in Chapter 4 of Title 14 of the District of Columbia Municipal Regulations, the"
        ),
        [(
            "state_regulation".to_string(),
            "D.C. Mun. Regs. tit. 14, ch. 4".to_string()
        )]
    );
    assert_eq!(
        read(
            "under 7 DCMR § 1002.1. (3) At least 60% of all hours of the apprenticeship programs required by § 2-1431 shall be performed"
        ),
        [
            (
                "state_regulation".to_string(),
                "D.C. Mun. Regs. tit. 7, § 1002.1".to_string()
            ),
            ("section".to_string(), "§ 2-1431".to_string())
        ]
    );
    assert_eq!(
        read(
            "(5) Provide a safety line, pursuant to section 505.4 of Title 25-C of the District of Columbia Municipal Regulations (25-C DCMR § 505.4); or"
        ),
        [
            (
                "state_regulation".to_string(),
                "D.C. Mun. Regs. tit. 25-C, § 505.4".to_string()
            ),
            (
                "state_regulation".to_string(),
                "D.C. Mun. Regs. tit. 25-C, § 505.4".to_string()
            )
        ]
    );
}

// Class: how the EU institutions name an act and its annexes (Joint Practical Guide, 16;
// TFEU, Art. 288): the author and the kind of act before its number (`Council Directive
// 93/13/EEC`, `Commission Implementing Regulation (EU) 2019/947`) name the act its number
// names; a recommendation is an act too; an annex is joined to its act by `to`.
#[test]
fn eu_acts_by_their_authors_and_annexes_by_to() {
    assert_eq!(
        read("Article 5(1)(a) of Council Directive 93/13/EEC applies."),
        [(
            "eu_article".to_string(),
            "Directive 93/13/EEC Art. 5(1)(a)".to_string()
        )]
    );
    assert_eq!(
        read("of Article 2(1) of Commission Implementing Regulation (EU) 2019/947,"),
        [(
            "eu_article".to_string(),
            "Regulation (EU) 2019/947 Art. 2(1)".to_string()
        )]
    );
    assert_eq!(
        read("as defined in Commission Recommendation 2003/361/EC."),
        [(
            "eu_act".to_string(),
            "Recommendation 2003/361/EC".to_string()
        )]
    );
    assert_eq!(
        read("the devices listed in Annex I to Regulation (EU) 2017/745,"),
        [(
            "eu_article".to_string(),
            "Regulation (EU) 2017/745 Annex I".to_string()
        )]
    );
}

// Class: OSCOLA's and the Bluebook's article pinpoints of EU legislation and treaties
// (OSCOLA rules 2.6.1 and 2.7: `art 6(1)(a)` without its period, `Council Directive
// 93/13/EEC, art 3`; The Bluebook, rule 21.4.5: `Council Regulation 2016/679, art. 6`): the
// article after its act's name and a comma is the act's, not the citing act's; `art` without
// its period is an article only with its act named, in prose it is a word.
#[test]
fn article_pinpoints_of_eu_acts_and_treaties_in_oscola_and_bluebook_style() {
    let article = |n: &str| -> (String, String) { ("eu_article".into(), n.into()) };
    let act = |n: &str| -> (String, String) { ("eu_act".into(), n.into()) };
    assert_eq!(
        read("Council Directive 93/13/EEC, art 3(1); Regulation (EU) 2016/679, Article 6(1)(a)."),
        [
            act("Directive 93/13/EEC"),
            article("Directive 93/13/EEC Art. 3(1)"),
            act("Regulation (EU) 2016/679"),
            article("Regulation (EU) 2016/679 Art. 6(1)(a)")
        ]
    );
    assert_eq!(
        read(
            "processing under art 6(1)(f) GDPR and arts 101 and 102 TFEU; see art 3(1) of Directive 93/13/EEC."
        ),
        [
            article("Regulation (EU) 2016/679 Art. 6(1)(f)"),
            article("TFEU Art. 101"),
            article("TFEU Art. 102"),
            article("Directive 93/13/EEC Art. 3(1)")
        ]
    );
    assert_eq!(
        read("ECHR, art 10; art 8 ECHR"),
        [
            (
                "named_act".into(),
                "European Convention on Human Rights art. 10".into()
            ),
            (
                "named_act".into(),
                "European Convention on Human Rights art. 8".into()
            )
        ]
    );
    // Without its act the word is prose's; with its period an article of the citing act.
    assert_eq!(
        read("the state of the art 3 years ago; art 5 of the exhibition"),
        []
    );
    assert_eq!(read("under art. 5(2)"), [article("[this act] Art. 5(2)")]);
}

// Class: the numbers of EU acts of every domain and type (Interinstitutional Style Guide,
// 1.2.1 and 1.2.2): two domains in the brackets (`(EU, Euratom) 2018/1046`), the common
// foreign and security policy's and the former third pillar's acts, numbered `(CFSP)
// 2019/797` since 2015 and `2010/413/CFSP`, `2002/584/JHA` before, and their types
// `Framework Decision`, `Common Position`, `Joint Action`. Sentences of the AI Act's recital
// 38 and footnote 18 and of the GDPR's title (`shared/corpora`), the others in the form.
#[test]
fn eu_acts_of_every_domain_and_type() {
    let act = |n: &str| -> (String, String) { ("eu_act".into(), n.into()) };
    assert_eq!(
        read(
            "is based on the 32 criminal offences listed in the Council Framework Decision 2002/584/JHA (18), taking into account"
        ),
        [act("Framework Decision 2002/584/JHA")]
    );
    assert_eq!(
        read(
            "amending and repealing Council Decision 2007/533/JHA, and repealing Regulation (EC) No 1986/2006 of the European Parliament"
        ),
        [
            act("Decision 2007/533/JHA"),
            act("Regulation (EC) No 1986/2006")
        ]
    );
    assert_eq!(
        read("and repealing Council Decisions 2004/512/EC and 2008/633/JHA, for the purpose of"),
        [act("Decision 2004/512/EC"), act("Decision 2008/633/JHA")]
    );
    assert_eq!(
        read("in accordance with Regulation (EU, Euratom) 2018/1046 of the European Parliament"),
        [act("Regulation (EU, Euratom) 2018/1046")]
    );
    assert_eq!(
        read("Council Decision (CFSP) 2019/797 of 17 May 2019 concerning restrictive measures"),
        [act("Decision (CFSP) 2019/797")]
    );
    assert_eq!(
        read(
            "as provided in Council Common Position 2003/495/CFSP and Council Joint Action 2008/124/CFSP."
        ),
        [
            act("Common Position 2003/495/CFSP"),
            act("Joint Action 2008/124/CFSP")
        ]
    );
    assert_eq!(
        read("Article 2(2) of Framework Decision 2002/584/JHA applies."),
        [eu("Framework Decision 2002/584/JHA Art. 2(2)")]
    );
    // In lower case (texts and running heads set so) an act is read by its domain; without
    // one, `regulation 1/2003` in lower case stays prose.
    assert_eq!(
        read(
            "in accordance with article 10 of regulation (eu) no 1093/2010 and directive 2013/36/eu"
        ),
        [
            eu("Regulation (EU) No 1093/2010 Art. 10"),
            act("Directive 2013/36/EU")
        ]
    );
    assert!(read("under regulation 1/2003 of the club").is_empty());
    // One line break inside the act's number, as wrapped text has it.
    assert_eq!(
        read(
            "a high-risk AI system under Article 6(2) of Regulation (EU)\n   2024/1689, as it is listed"
        ),
        [eu("Regulation (EU) 2024/1689 Art. 6(2)")]
    );
}

// Class: an article's points after a comma (`Article 16, points (b) and (c)`, EU drafting)
// hang below that article, unless the points name their own article (`Article 3(1), points
// (a) and (b) of Article 5(1)`: two citations, the points of Article 5(1)). The first
// sentence is the AI Act's (Article 25(1)).
#[test]
fn points_that_name_their_article_are_its() {
    let art =
        |n: &str| -> (String, String) { ("eu_article".into(), format!("[this act] Art. {n}")) };
    assert_eq!(
        read(
            "the obligations of the provider under Article 16, points (b) and (c) and Article 23(3)."
        ),
        [art("16(b)"), art("16(c)"), art("23(3)")]
    );
    assert_eq!(
        read(
            "without prejudice to the second subparagraph of Article 3(1), points (a) and (b) of Article 5(1) apply"
        ),
        [art("3(1)"), art("5(1)(a)"), art("5(1)(b)")]
    );
    // A range of points or paragraphs after the comma keeps its end.
    assert_eq!(
        read("the lawfulness of processing under Article 6(1), points (a) to (f), applies"),
        [art("6(1)(a) to 6(1)(f)")]
    );
    assert_eq!(
        read("the rights laid down in Article 5, paragraphs 1 to 3, apply"),
        [art("5(1) to 5(3)")]
    );
}

// Class: an annex's sections (EU acts divide annexes into sections, the AI Act's lettered):
// `Section C of Annex VIII` is the annex's, not a section `C` (read before as one numbered
// in Roman figures, section 100) nor nothing (`Section A`). Sentences of the AI Act
// (Regulation (EU) 2024/1689, Articles 6(1), 49(4) and 60(4)).
#[test]
fn sections_of_an_annex_are_the_annexs() {
    let annex =
        |n: &str| -> (String, String) { ("eu_article".into(), format!("[this act] Annex {n}")) };
    assert_eq!(
        read(
            "covered by the Union harmonisation legislation listed in Section\u{a0}A\u{a0}of Annex\u{a0}I, and the product"
        ),
        [annex("I, Section A")]
    );
    assert_eq!(
        read(
            "referred to in: (a) Section A, points 1 to 10, of Annex\u{a0}VIII, with the exception of points 6, 8 and 9; (c) Section C, points 1 to 3, of Annex\u{a0}VIII;"
        ),
        [
            annex("VIII, Section A"),
            annex("VIII(6)"),
            annex("VIII(8)"),
            annex("VIII(9)"),
            annex("VIII, Section C")
        ]
    );
}

// Class: a head word of another unit in a list starts a citation of its own (`Article 11
// and Annex IV`, the AI Act's Article 23(1)(b): the annex, not an article IV; `Article III,
// Section 2`: a section, not an article 2); and an article numbered in Roman numerals of no
// named act is no EU article (the EU numbers articles in Arabic numerals: Joint Practical
// Guide, 15.2), but the citing document's own (a constitution's, a compact's).
#[test]
fn a_unit_word_starts_its_own_citation_and_roman_articles_are_no_eu_articles() {
    assert_eq!(
        read(
            "the provider has drawn up the technical documentation in accordance with Article 11 and Annex IV;"
        ),
        [
            ("eu_article".into(), "[this act] Art. 11".into()),
            ("eu_article".into(), "[this act] Annex IV".into())
        ]
    );
    assert_eq!(
        read("the judicial power of Article III, Section 2 extends to all cases"),
        [
            ("section".into(), "Article III".into()),
            ("section".into(), "§ 2".into())
        ]
    );
}

// Class: an act's name ends before a connector and a head word (`… of the Indian Penal Code
// and Section 302 …`): the head word starts the next citation, not a word of the name.
#[test]
fn an_acts_name_ends_before_the_next_head_word() {
    assert_eq!(
        read(
            "bail under Section 438 of the CrPC and Section 34 of the Indian Penal Code and Section 5 of the Dowry Prohibition Act, 1961"
        ),
        [
            (
                "named_act".into(),
                "Code of Criminal Procedure, 1973 § 438".into()
            ),
            ("named_act".into(), "Indian Penal Code, 1860 § 34".into()),
            ("named_act".into(), "Dowry Prohibition Act, 1961 § 5".into())
        ]
    );
}

// Class: one line break inside a citation, as text taken from PDF pages and line-wrapped
// files has it (between a volume and its series, a series and its number; the Regulatory
// Flexibility Act paragraph of a Federal Register rule, wrapped): the citation is read
// whole, and a title before a break is not an item of the list before it. A blank line ends
// any citation.
#[test]
fn one_line_break_inside_a_citation() {
    assert_eq!(
        read(
            "as amended by the Small Business Regulatory Enforcement Fairness Act of 1996, Pub. L.\n104-121, 110\nStat. 857, and see 42 U.S.C. 1983 and 42\nU.S.C. 1985, and 74\nFR 29408."
        ),
        [
            ("public_law".into(), "Pub. L. 104-121".into()),
            ("stat".into(), "110 Stat. 857".into()),
            ("usc".into(), "42 U.S.C. 1983".into()),
            ("usc".into(), "42 U.S.C. 1985".into()),
            ("fed_reg".into(), "74 Fed. Reg. 29408".into())
        ]
    );
    assert_eq!(read("Pub. L.\n\n104-121"), Vec::<(String, String)>::new());
}

// Class: a section sign right after a code's name the extractor does not read (`[D.C Code §
// 2-1217.32(b)]`, the period of `D.C.` missing, in D.C. Code § 47-4603's text) takes no code
// from the act cited before it; and the California Style Manual's code names without their
// comma (`Evid. Code § 1101(b)`, as briefs write them).
#[test]
fn a_sign_after_an_unread_code_name_inherits_nothing() {
    assert_eq!(
        read(
            "section 2(b) of the Mandarin Oriental Hotel Tax Deferral Act of 2002, passed on 2nd reading on September 17, 2002 (Enrolled version of Bill 14-466) [D.C Code § 2-1217.32(b) ], and §§ 42-1102(25) , 47-902(19) , and 47-1002(27) , shall not exceed"
        ),
        [
            (
                "named_act".into(),
                "Mandarin Oriental Hotel Tax Deferral Act of 2002 § 2(b)".into()
            ),
            ("section".into(), "§ 2-1217.32(b)".into()),
            ("section".into(), "§ 42-1102(25)".into()),
            ("section".into(), "§ 47-902(19)".into()),
            ("section".into(), "§ 47-1002(27)".into())
        ]
    );
    assert_eq!(
        read("other-acts evidence under Evid. Code § 1101(b) and Welf. & Inst. Code, § 300"),
        [
            ("state_statute".into(), "Cal. Evid. Code § 1101(b)".into()),
            (
                "state_statute".into(),
                "Cal. Welf. & Inst. Code § 300".into()
            )
        ]
    );
}

// Class: the hyphenated level words of India's and older British drafting (`sub-section`,
// `sub-clause`, `sub-paragraph`): the same levels as their closed spellings. Sentences of
// the Indian statutes of the AILA 2019 corpus.
#[test]
fn hyphenated_level_words_are_levels() {
    assert_eq!(
        read("clause (b) of sub-section (1) of section 2 shall apply"),
        [("section".to_string(), "§ 2(1)(b)".to_string())]
    );
    assert_eq!(
        read("sub-clause (ii) of clause (a) of section 3"),
        [("section".to_string(), "§ 3(a)(ii)".to_string())]
    );
    assert_eq!(
        read("sub-sections (1) and (2) of section 7"),
        [
            ("section".to_string(), "§ 7(1)".to_string()),
            ("section".to_string(), "§ 7(2)".to_string())
        ]
    );
}

// Class: a section's subdivisions named after it with their level words and a comma, as
// India's statutes write them (`section 4, sub-section (1)`; `section 32, clause (1) of the
// Indian Evidence Act, 1872`): one citation of the subdivision. Sentences of the Land
// Acquisition Act, 1894, s. 23 and of the Code of Criminal Procedure in the AILA 2019 corpus.
// A subdivision after a section already subdivided is another provision's (`Act 68 of 1975,
// section 7(a)(ii), clause (iii)`, an amendment note's clause of the host section), and in
// U.S. prose `Like former section 9-207, subsection (a) imposes` is the citing section's.
#[test]
fn subdivisions_named_after_their_section() {
    assert_eq!(
        read(
            "the market-value of the land at the date of the publication of the notification under section 4, sub-section (1); secondly"
        ),
        [("section".to_string(), "§ 4(1)".to_string())]
    );
    assert_eq!(
        read("a statement made under section 32, clause (1) of the Indian Evidence Act, 1872"),
        [named("Indian Evidence Act, 1872 § 32(1)")]
    );
    assert_eq!(
        read("as provided in section 12, sub-section (3), clause (b), the Collector"),
        [("section".to_string(), "§ 12(3)(b)".to_string())]
    );
    assert_eq!(
        read("Substituted by Act 68 of 1975, section 7(a)(ii), clause (iii) (w.e.f. 27-5-1976)."),
        [
            named("Act 68 of 1975"),
            named("Act 68 of 1975 § 7(a)(ii)"),
            ("section".to_string(), " [this provision](iii)".to_string())
        ]
    );
    assert!(
        !read("2. Duty of Care. Like former section 9-207, subsection (a) imposes a duty of care")
            .iter()
            .any(|(_, n)| n == "§ 9-207(a)")
    );
}

// Class: a code named in full after `the Code of` (India's `the Code of Criminal Procedure,
// 1973`, `the Code of Civil Procedure`; a `Code of Conduct`) is that code, not the citing
// document's `the Code`; `the Code of the District of Columbia` is the D.C. Code.
#[test]
fn a_code_named_in_full_is_not_the_citing_code() {
    assert_eq!(
        read("an application under section 438 of the Code of Criminal Procedure, 1973 lies"),
        [(
            "named_act".to_string(),
            "Code of Criminal Procedure, 1973 § 438".to_string()
        )]
    );
    assert_eq!(
        read("section 5 of the Code of the District of Columbia shall apply"),
        [("state_statute".to_string(), "D.C. Code § 5".to_string())]
    );
    assert_eq!(
        read("section 5 of the Code shall apply"),
        [("section".to_string(), "§ 5".to_string())]
    );
}

// Class: the federal rules named in words, before their number or after it (The Bluebook
// rule 12.9.3 abbreviates them; the U.S. Code and the courts write them out). 15 U.S.C.
// 1116(d)(1)(C) and the forms of the Bluebook's rule.
#[test]
fn federal_rules_named_in_words() {
    assert_eq!(
        read(
            "based upon an ex parte application, notwithstanding the provisions of rule 65 of the Federal Rules of Civil Procedure. Any references"
        ),
        [("court_rule".into(), "Fed. R. Civ. P. 65".into())]
    );
    assert_eq!(
        read(
            "dismissed under Federal Rule of Civil Procedure 12(b)(6) and Federal Rule of Evidence 702"
        ),
        [
            ("court_rule".into(), "Fed. R. Civ. P. 12(b)(6)".into()),
            ("court_rule".into(), "Fed. R. Evid. 702".into())
        ]
    );
    // The rules named without a rule's number are no citation of a rule.
    assert_eq!(
        read("upon compliance with the Federal Rules of Civil Procedure. The phrase"),
        Vec::<(String, String)>::new()
    );
}

// Class: the provisions of a United Kingdom statutory instrument, divided by its kind (the
// Office of the Parliamentary Counsel's drafting guidance: Regulations into regulations,
// Rules into rules), cited with the instrument's name and year after them. Without the
// instrument's name, or of an instrument of another kind, `regulation 4` is no citation.
#[test]
fn provisions_of_a_statutory_instrument() {
    let named = |n: &str| -> (String, String) { ("named_act".into(), n.into()) };
    assert_eq!(
        read(
            "the limit on a worker's average weekly working time in regulation 4(1) of the Working Time Regulations 1998 does not apply"
        ),
        [named("Working Time Regulations 1998 § 4(1)")]
    );
    assert_eq!(
        read(
            "the court may strike out a statement of case under rule 3.4(2)(a) of the Civil Procedure Rules 1998, and under regulations 4 and 5 of the Working Time Regulations 1998"
        ),
        [
            named("Civil Procedure Rules 1998 § 3.4(2)(a)"),
            named("Working Time Regulations 1998 § 4"),
            named("Working Time Regulations 1998 § 5")
        ]
    );
    assert_eq!(
        read(
            "as provided in regulation 4 of the Act, and rule 12 of the Working Time Regulations 1998"
        ),
        Vec::<(String, String)>::new()
    );
}

// Class: a section of an act in a title's appendix (The Bluebook, rule 12.9.2: `5 U.S.C.
// app. 3 § 8G`, the Inspector General Act of 1978 before its codification; `5 U.S.C. App. 2,
// § 10(a)(2)`, the Federal Advisory Committee Act): the act's number is part of the code, its
// section follows the sign. The appendix's own sections stay as they were (`50 U.S.C. App.
// 2401`).
#[test]
fn sections_of_an_act_in_a_titles_appendix() {
    let usc = |n: &str| -> (String, String) { ("usc".into(), n.into()) };
    assert_eq!(
        read(
            "the Inspector General Act of 1978, 5 U.S.C. App. 3 § 8G(a), and the Federal Advisory Committee Act (5 U.S.C. App. 2, § 10(a)(2)), and 50 U.S.C. App. 2401"
        ),
        [
            usc("5 U.S.C. App. 3 § 8G(a)"),
            usc("5 U.S.C. App. 2 § 10(a)(2)"),
            usc("50 U.S.C. App. 2401")
        ]
    );
}

// Class: a list of sections of one C.F.R. part that writes only the section after the
// period (`18 CFR 385.210, .211, .212 and .214`): each item keeps the part of the item before
// it. A Federal Register notice of 2017-06-07 (FERC), whose markup links only the first. A
// number without a part before it (`section 3, .5 percent`) is no such list.
#[test]
fn sections_of_the_same_part_after_a_period() {
    assert_eq!(
        read(
            "a motion to intervene in accordance with the requirements of Rules of Practice and Procedure, 18 CFR 385.210, .211, .212 and .214. In determining the appropriate action"
        ),
        [
            cfr("18 C.F.R. 385.210"),
            cfr("18 C.F.R. 385.211"),
            cfr("18 C.F.R. 385.212"),
            cfr("18 C.F.R. 385.214")
        ]
    );
    assert_eq!(
        read("a rate under section 3, .5 percent of the base"),
        [("section".into(), "§ 3".into())]
    );
}

// Class: a court rule's short form (`Rule 9(b)` after `Fed. R. Civ. P. 12(b)(6)`, The
// Bluebook rule 12.10) is a number that ends there: another body's rule (`Rule 10b-5`, the
// SEC's) or an administrative code's (`Rule 12-3`) is not the court rule's `Rule 10`.
#[test]
fn a_court_rules_short_form_is_a_whole_number() {
    assert_eq!(
        read(
            "dismissed under Fed. R. Civ. P. 12(b)(6) for failing to plead the Rule 10b-5 claim with the particularity Rule 9(b) requires"
        ),
        [
            ("court_rule".into(), "Fed. R. Civ. P. 12(b)(6)".into()),
            ("court_rule".into(), "Fed. R. Civ. P. 9(b)".into())
        ]
    );
}

// Class: the Treasury's and the SEC's regulations by their own names, sections of title 26
// and title 17 of the C.F.R. (The Bluebook rules 14.2 and 14.5.1; the forms the IRS and the
// SEC write).
#[test]
fn treasury_and_sec_regulations_by_their_own_names() {
    let cfr_of = |text: &str| -> Vec<(String, String)> { read(text) };
    assert_eq!(
        cfr_of("as provided in Treasury Regulations section 1.1502-6(a)"),
        [cfr("26 C.F.R. 1.1502-6(a)")]
    );
    assert_eq!(
        cfr_of("a reportable transaction under Regulations section 1.6011-4(b)(2)"),
        [cfr("26 C.F.R. 1.6011-4(b)(2)")]
    );
    assert_eq!(
        cfr_of("liability under Exchange Act Rule 10b-5 and Securities Act Rule 144"),
        [cfr("17 C.F.R. 240.10b-5"), cfr("17 C.F.R. 230.144")]
    );
    assert_eq!(
        cfr_of("as Item 303(a) of Regulation S-K and Rule 3-01 of Regulation S-X require"),
        [cfr("17 C.F.R. 229.303(a)"), cfr("17 C.F.R. 210.3-01")]
    );
    // The act after the rule (the SEC's releases: `Rule 14a-8 under the Exchange Act`).
    assert_eq!(
        cfr_of("a proposal excluded under Rule 14a-8 under the Exchange Act was filed"),
        [cfr("17 C.F.R. 240.14a-8")]
    );
    assert_eq!(
        cfr_of("money market funds under Rule 2a-7 under the Investment Company Act of 1940"),
        [cfr("17 C.F.R. 270.2a-7")]
    );
    // A rule without its act, and an item of another regulation, are not read.
    assert_eq!(cfr_of("fees under Rule 12b-1 plans"), []);
    assert_eq!(
        cfr_of("dismissed under Rule 12(b)(6) of the Federal Rules"),
        []
    );
    assert_eq!(cfr_of("Item 3 of Regulation S-X"), []);
}

// Class: short forms (The Bluebook rule 12.10): a section word before a number in the chapter
// of the code just cited repeats that code, as `§` does; a constitution's `art.` after it
// is its article. A number of another numbering stays bare.
#[test]
fn short_forms_by_section_word_and_constitution_article() {
    assert_eq!(
        read(
            "Fla. Stat. § 768.28(6) waives immunity. Section 768.28(9) bars suits against officers."
        ),
        [
            ("state_statute".into(), "Fla. Stat. § 768.28(6)".into()),
            ("state_statute".into(), "Fla. Stat. § 768.28(9)".into())
        ]
    );
    assert_eq!(
        read("42 U.S.C. § 1983. Section 1985 applies."),
        [
            ("usc".into(), "42 U.S.C. 1983".into()),
            ("section".into(), "§ 1985".into())
        ]
    );
    assert_eq!(
        read("U.S. Const. art. I, § 8; art. II, § 1"),
        [
            ("usconst".into(), "U.S. Const. art. I, § 8".into()),
            ("usconst".into(), "U.S. Const. art. II, § 1".into())
        ]
    );
    assert_eq!(
        read("U.S. Const. amend. XIV. Article 5 of Regulation (EU) 2016/679"),
        [
            ("usconst".into(), "U.S. Const. amend. XIV".into()),
            (
                "eu_article".into(),
                "Regulation (EU) 2016/679 Art. 5".into()
            )
        ]
    );
}

// Class: a C.F.R. part's supplement of official interpretations (12 C.F.R. part 1026,
// Supplement I), after its part or relative to the citing part, as subparts and
// appendices are (Document Drafting Handbook, ch. 2).
#[test]
fn cfr_supplements_after_their_part() {
    assert_eq!(
        read("as explained in 12 CFR part 1026, Supplement I, the creditor"),
        [cfr("12 C.F.R. Part 1026, supplement I")]
    );
    assert_eq!(
        read_in_cfr(
            "See comment 35(b)-1 in Supplement I to this part.",
            "12",
            "1026.35"
        ),
        [cfr("12 C.F.R. Part 1026, supplement I")]
    );
}

// Class: an act whose name is a series (`the Federal Food, Drug, and Cosmetic Act`): the
// commas and the last item's `and` are inside the name when the series ends in the head noun
// `Act`. Sentences of 14 U.S.C. 318, the D.C. Code (§ 1-911.03's history) and the Federal
// Register of Sept. 29, 2017. Acts listed one after another stay apart.
#[test]
fn an_act_named_by_a_series_is_one_name() {
    let named = |n: &str| ("named_act".to_string(), n.to_string());
    assert_eq!(
        read(
            "liability under section 107 of the Comprehensive Environmental Response, Compensation, and Liability Act (42 U.S.C. 9607)"
        ),
        [
            named("Comprehensive Environmental Response, Compensation, and Liability Act § 107"),
            ("usc".into(), "42 U.S.C. 9607".into()),
        ]
    );
    assert_eq!(
        read(
            "as provided in § 2(b) of the Police Officers, Fire Fighters, and Teachers Retirement Benefit Replacement Act of 1998"
        ),
        [named(
            "Police Officers, Fire Fighters, and Teachers Retirement Benefit Replacement Act of 1998 § 2(b)"
        )]
    );
    assert_eq!(
        read(
            "Section 940 of the Medicare Prescription Drug, Improvement, and Modernization Act of 2003 revised the time frames"
        ),
        [named(
            "Medicare Prescription Drug, Improvement, and Modernization Act of 2003 § 940"
        )]
    );
    assert_eq!(
        read(
            "registration under section 4 of the Securities Act, Exchange Act and Investment Company Act"
        ),
        [named("Securities Act § 4")]
    );
}

// Class: a provision of a document that is no law, named by its common noun in lower case
// (`of the bill`, `of the guidance`, `of the proposal`, `of the application`): no citation,
// as for the capitalised `of the Agreement`. Sentences of 17 and 41 U.S.C.'s notes (a House
// report on a bill), the Federal Register (June 7 and Oct. 3, 2017) and 27 C.F.R. 479.114.
// A marketing order's `of the order` is the C.F.R.'s own, and `this order` is the citing
// document itself: both stay citations.
#[test]
fn a_provision_of_a_document_named_in_lower_case_is_no_citation() {
    for text in [
        "The provisions of sections 407 through 411 of the bill mark another departure from the present law.",
        "Sections 37, 41, 43, and 46 of the guidance contain information collections.",
        "In paragraph (d)(3) of the proposal, we proposed to require that diseased fruit be",
        "Part 1 of the application shall show the name and address of the foreign consignee",
        "The requirements in section 4 of the settlement agreement remain in effect.",
    ] {
        assert_eq!(read(text), [], "{text}");
        assert_eq!(read_in_cfr(text, "27", "479.114"), [], "{text}");
    }
    assert_eq!(
        read_in_cfr(
            "Currently, §§ 989.58 and 989.59 of the order state that the Committee has the authority",
            "7",
            "989.58",
        ),
        [cfr("7 C.F.R. 989.58"), cfr("7 C.F.R. 989.59")]
    );
    assert_eq!(
        read("shall give notice, as provided for in § 16-4409, of the award, including a copy"),
        [("section".to_string(), "§ 16-4409".to_string())]
    );
    assert_eq!(
        read("contracts as described in section 7(d)(i)(C) of this order, entered into after"),
        [("section".to_string(), "§ 7(d)(i)(C)".to_string())]
    );
}

// Class: neither the U.S. Code nor the C.F.R. numbers a section in Roman numerals: a bare
// `Section II` in a rule's text is its preamble's outline, not the title's section (the
// Federal Register of June 7, 2017).
#[test]
fn a_roman_section_is_no_section_of_the_cfr() {
    assert_eq!(
        read_in_cfr(
            "The preamble for this rulemaking is organized as follows: Section III. provides the history of the federal gasoline volatility regulation.",
            "40",
            "80.27",
        ),
        [("section".to_string(), "§ III".to_string())]
    );
}

fn eu(n: &str) -> (String, String) {
    ("eu_article".into(), n.into())
}

// Class: an article's subdivisions as the continental style names them after its number,
// without commas (`para.`, `lit.`, `no.`, `sentence`, `point`): the German `Art. 6 Abs. 1 S.
// 1 lit. a` in English, as the EDPB's guidelines, commentaries and the German Federal
// Ministry of Justice's translations write it. A paragraph, number, point or letter is a
// label (`Article 6(1)(a)`); a sentence or subparagraph is passed over, as the EU's
// `the first subparagraph`. The shared corpora hold no such sentence (their EU texts are the
// Official Journal's); these are written in the form.
#[test]
fn an_articles_subdivisions_in_the_continental_style() {
    let gdpr = "Regulation (EU) 2016/679";
    assert_eq!(
        read("Processing on the basis of Art. 6 para. 1 lit. f GDPR requires a balancing test."),
        [eu(&format!("{gdpr} Art. 6(1)(f)"))]
    );
    assert_eq!(
        read("consent within the meaning of Art. 4 no. 11 GDPR and Art. 7 para. 3 sentence 1 GDPR"),
        [
            eu(&format!("{gdpr} Art. 4(11)")),
            eu(&format!("{gdpr} Art. 7(3)"))
        ]
    );
    assert_eq!(
        read("in accordance with Article 6 paragraph 1 point (a) of Regulation (EU) 2016/679,"),
        [eu(&format!("{gdpr} Art. 6(1)(a)"))]
    );
    assert_eq!(
        read("under Article 6(1) lit. f GDPR"),
        [eu(&format!("{gdpr} Art. 6(1)(f)"))]
    );
    // A letter is no paragraph, nor a number a letter: `para. a` stops the article.
    assert_eq!(read("Article 9 para. a"), [eu("[this act] Art. 9")]);
}

// Class: a part of a schedule, form, table, exhibit or test method named by its designation
// (`item 3 of Schedule 2`, `Item 4 of Schedule 13D`, `paragraph (b) of Table 1`, `section
// 8.1 of Method 5`) is no provision of the citing text: no citation (it was read as the
// citing provision's own item, or as a section of the citing code). An annex's point stays
// one (`point 3 of Annex II`), and so does Regulation S-K's item (17 C.F.R. 229). Sentences
// written in the forms of the SEC's rules (17 C.F.R. 240.13d-101, 229.601), of the test
// methods of 40 C.F.R. part 60 and of the EU AI Act: the shared corpora cite forms only with
// a letter (`Part 3 of Form 9 (Firearms)`, 27 C.F.R.), which lexls already left alone.
#[test]
fn a_part_of_a_schedule_or_form_is_no_provision() {
    for text in [
        "the information required by Item 4 of Schedule 13D shall be furnished",
        "as set forth in Item 5 of Form 8-K",
        "the amount shown in column (b) of Table 1",
        "the goods listed in item 3 of Schedule 2",
        "as specified in section 8.1 of Method 5 of appendix A-3 to part 60",
    ] {
        assert_eq!(read(text), [], "{text}");
    }
    assert_eq!(
        read("the AI systems referred to in point 3 of Annex II"),
        [eu("[this act] Annex II(3)")]
    );
    assert_eq!(
        read("as required by Item 601 of Regulation S-K"),
        [cfr("17 C.F.R. 229.601")]
    );
}

// Class: the items of a list after a short form take the code its first item took (`id.
// §§ 62, 63`; `§§ 62 and 63` right after `26 U.S.C. § 61`), as the first item does (The
// Bluebook, rules 4.1 and 3.3(b)).
#[test]
fn the_items_of_a_short_forms_list_take_its_code() {
    let usc = |n: &str| ("usc".to_string(), n.to_string());
    assert_eq!(
        read("Gross income is defined in 26 U.S.C. § 61; see also §§ 62 and 63."),
        [
            usc("26 U.S.C. 61"),
            usc("26 U.S.C. 62"),
            usc("26 U.S.C. 63")
        ]
    );
}

// Class: a citation the text defines as a term (`… 26 U.S.C. § 1400Z-2) ("section
// 1400Z-2")`): the term, used later alone, cites what it was defined for, not a section of
// the citing code. D.C. Code § 47-1801.04(39A) and (39B).
#[test]
fn a_citation_defined_as_a_term_keeps_its_code() {
    let text = "(39A) \"Qualified opportunity fund\" shall have the same meaning as set forth in \
                section 1400Z-2 of the Internal Revenue Code of 1986, approved December 22, 2017 \
                (131 Stat. 2184; 26 U.S.C. § 1400Z-2) (\"section 1400Z-2\").\n\n(39B) \
                \"Qualified opportunity zone\" shall have the same meaning as set forth in \
                section 1400Z-2.";
    let found = read(text);
    assert_eq!(
        found.last(),
        Some(&("usc".to_string(), "26 U.S.C. 1400Z-2".to_string())),
        "{found:?}"
    );
    // Without the definition, the bare section after a blank line is the citing code's.
    let undefined = text.replace(" (\"section 1400Z-2\")", "");
    assert_eq!(
        read(&undefined).last(),
        Some(&("section".to_string(), "§ 1400Z-2".to_string()))
    );
}

// Class: a paragraph of a code's XML ends at a line of nothing but spaces (its markup): a
// bare section in the next paragraph is the citing code's, not the code of a citation in
// the paragraph before (D.C. Code § 26-1204(b)(15) and (c)(5): `7 U.S.C. § 2011 et seq.`,
// then `§ 47-848`).
#[test]
fn a_bare_section_after_a_spaced_paragraph_break_is_the_citing_codes() {
    let text = "(15) \n       A description of the applicant's plans to sell food coupons, \
                pursuant to 7 U.S.C. § 2011 et seq. (\"Food Stamp Act\"), in branch offices \
                located in the District; \n     \n     \n       (5) \n       Loans made pursuant \
                to programs established pursuant to  § 47-848 , or a similar homesteading \
                program established by the District;";
    assert_eq!(
        read(text),
        [
            ("usc".to_string(), "7 U.S.C. 2011 et seq.".to_string()),
            ("section".to_string(), "§ 47-848".to_string())
        ]
    );
}

// Class: a section of an act named without the article, its name ending in `Act` and its
// year (the D.C. Council's notes: `see § 2 of Fiscal Year 2021 Budget Support Emergency Act
// of 2020`), D.C. Code § 1-1162.05c's and § 7-1131.04's notes; and a former edition of the
// code (`1981 Ed., § 43-1691`) gives its edition to no bare section after it (D.C. Code §
// 1-204.45a's notes).
#[test]
fn acts_named_without_the_article_and_former_editions() {
    let named = |n: &str| ("named_act".to_string(), n.to_string());
    assert_eq!(
        read(
            "For temporary (90 days) amendment of this section, see § 2 of Fiscal Year 2021 Budget Support Emergency Act of 2020 (D.C. Act 23-416, Oct. 1, 2020, 67 DCR 12245)."
        )[1..],
        [
            named("Fiscal Year 2021 Budget Support Emergency Act of 2020 § 2"),
            ("dc_law".to_string(), "D.C. Act 23-416".to_string()),
            ("register".to_string(), "67 D.C. Reg. 12245".to_string())
        ]
    );
    assert_eq!(
        read(
            "1981 Ed., § 43-1691. \n     This section is referenced in  § 1-204.46  and  § 1-204.96 ."
        ),
        [
            named("1981 Ed. § 43-1691"),
            // `This section`: the citing section itself.
            ("section".to_string(), "null".to_string()),
            ("section".to_string(), "§ 1-204.46".to_string()),
            ("section".to_string(), "§ 1-204.96".to_string())
        ]
    );
}

// Class: a temporary C.F.R. section, numbered after its part's period by a capital letter
// and digits (the Coast Guard's `§ 165.T14–0172`: the Document Drafting Handbook's temporary
// sections), is one section, with its subsections and in lists. The first sentence is the
// Federal Register's of September 29, 2017, the second shortened from October 3, 2017 (33
// C.F.R. part 165); the third is a list written from their section numbers.
#[test]
fn temporary_cfr_sections_are_whole_section_numbers() {
    assert_eq!(
        read("Add § 165.T14–0172 to read as follows:"),
        [("section".to_string(), "§ 165.T14-0172".to_string())]
    );
    assert_eq!(
        read_in_cfr(
            "The regulated area is the safety zone created by this temporary section, § 165.T05.0808.",
            "33",
            "165.T05-0808"
        ),
        [cfr("33 C.F.R. 165.T05.0808")]
    );
    assert_eq!(
        read(
            "Under 33 CFR 165.T01-0937(a)(2) and §§ 165.T14-0172 and 165.T05-0808, no vessel may enter."
        ),
        [
            cfr("33 C.F.R. 165.T01-0937(a)(2)"),
            cfr("33 C.F.R. 165.T14-0172"),
            cfr("33 C.F.R. 165.T05-0808")
        ]
    );
}

// Class: a section word before the very number a citation of the same sentence gave with its
// code repeats that citation (the drafter names the code once a sentence): 41 U.S.C. §
// 1904(a)(1) and § 3708(2) (`shared/corpora/us-code-titles`). Another number, or the same one
// after the sentence has ended, stays a section of the citing code.
#[test]
fn a_section_number_repeated_in_its_sentence_keeps_its_code() {
    let usc = |n: &str| ("usc".to_string(), n.to_string());
    let bare = |n: &str| ("section".to_string(), n.to_string());
    assert_eq!(
        read(
            "as the Secretary of Defense may exercise under section 2371 of title 10, except for subsections (b) and (f) of section 2371."
        ),
        [
            usc("10 U.S.C. 2371"),
            usc("10 U.S.C. 2371(b)"),
            usc("10 U.S.C. 2371(f)")
        ]
    );
    assert_eq!(
        read(
            "(2) pay costs described in paragraph (1) of section 3554(c) of title 31 within the limits referred to in paragraph (2) of section 3554(c)."
        ),
        [usc("31 U.S.C. 3554(c)(1)"), usc("31 U.S.C. 3554(c)(2)")]
    );
    assert_eq!(
        read("as provided in section 552 of title 5, and section 553"),
        [usc("5 U.S.C. 552"), bare("§ 553")]
    );
    assert_eq!(
        read("under section 2371 of title 10. The Administrator may waive section 2371."),
        [usc("10 U.S.C. 2371"), bare("§ 2371")]
    );
    // A sentence goes on from its chapeau into its paragraphs (14 U.S.C. § 506(a)); a
    // paragraph that ends the sentence before the blank line ends it.
    let chapeau = "(a) In lieu of the reimbursement required under section 1085 of title 10, the Secretary shall make a prospective payment for treatment or care—\n\n(1) provided to members of the Coast Guard (other than those paid for from the Fund established under chapter 56 of title 10); and\n\n(2) for which a reimbursement would otherwise be made under section 1085.";
    let first_and_last = |text: &str| {
        let cites = read(text);
        assert_eq!(cites.len(), 3, "{cites:?}");
        [cites[0].clone(), cites[2].clone()]
    };
    assert_eq!(
        first_and_last(chapeau),
        [usc("10 U.S.C. 1085"), usc("10 U.S.C. 1085")]
    );
    assert_eq!(
        first_and_last(&chapeau.replace("title 10); and", "title 10).")),
        [usc("10 U.S.C. 1085"), bare("§ 1085")]
    );
    // An `of` phrase after the repeated number names another instrument (44 U.S.C. § 1506's
    // notes).
    let cites = read(
        "For delegations of functions vested in President by section 6 of Federal Register Act [now this section], to Attorney General, see section 6(b) of Ex. Ord. No. 10530, May 10, 1954",
    );
    assert!(
        !cites
            .iter()
            .any(|(_, n)| n == "Federal Register Act § 6(b)"),
        "{cites:?}"
    );
}

// Class: the registers of the states and the District by volume and page (The Bluebook,
// table T1's administrative registers; the D.C. Code's history notes cite the D.C. Register
// as `DCR` and the District's Statutes at Large as `DCSTAT`): publications, not provisions.
#[test]
fn registers_and_the_districts_statutes_at_large() {
    // D.C. Code § 10-1202.44's history note.
    assert_eq!(
        read("as added Oct. 22, 2009, D.C. Law 18-78,§ 2(i), 56 DCR 6959"),
        [
            ("dc_law".to_string(), "D.C. Law 18-78".to_string()),
            ("dc_law".to_string(), "D.C. Law 18-78 § 2(i)".to_string()),
            ("register".to_string(), "56 D.C. Reg. 6959".to_string())
        ]
    );
    assert_eq!(
        read(
            "Emergency Amendment Act of 2015 (D.C. Act 21-7, Feb. 26, 2015, 62 DCR 2646, 21 DCSTAT 807)"
        )[1..],
        [
            ("register".to_string(), "62 D.C. Reg. 2646".to_string()),
            ("dc_stat".to_string(), "21 DC Stat. 807".to_string())
        ]
    );
    for (text, normalized) in [
        ("39 Tex. Reg. 1234 (2014)", "39 Tex. Reg. 1234"),
        ("36 N. Y. Reg. 12", "36 N.Y. Reg. 12"),
        ("44 Pa. Bull. 5678", "44 Pa. Bull. 5678"),
        ("30 Va. Reg. Regs. 1234", "30 Va. Reg. Regs. 1234"),
        ("41 Fla. Admin. Reg. 100", "41 Fla. Admin. Reg. 100"),
        ("54 D.C. Reg. 8014 (Aug. 17, 2007)", "54 D.C. Reg. 8014"),
    ] {
        assert_eq!(
            read(text),
            [("register".to_string(), normalized.to_string())],
            "{text}"
        );
    }
    // A code of regulations (`Regs.`), not a register.
    assert!(
        read("12 Ky. Admin. Regs. 100")
            .iter()
            .all(|(k, _)| k != "register"),
        "{:?}",
        read("12 Ky. Admin. Regs. 100")
    );
}

// Class: a container of another title of the U.S. Code or the C.F.R., which the citing
// code names without its own name (the OLRC's `chapter 35 of title 44`, the Document
// Drafting Handbook's `chapter I of title 14`): that title's, not the citing title's.
#[test]
fn containers_of_another_federal_title() {
    let context = serde_json::json!({"usc": {"title": "42"}});
    let in_usc = |text: &str| {
        let location = context_location(Some(&context));
        pairs(&cite_at(text, location.as_ref()))
    };
    // 42 U.S.C. (a reemployed annuitant).
    assert_eq!(
        in_usc(
            "the rate for level II of the Executive Schedule under subchapter II of chapter 53 of title 5"
        ),
        [("usc".to_string(), "5 U.S.C. ch. 53, subch. II".to_string())]
    );
    assert_eq!(
        read_in_cfr(
            "the regulations in chapter I of title 14 apply",
            "40",
            "52.21"
        ),
        [cfr("14 C.F.R. chapter I")]
    );
}

fn usc(n: &str) -> (String, String) {
    ("usc".into(), n.into())
}

// Class: a federal code's title before the code's name in words (`17 United States Code
// 101`, `28 United States Code, Section 1331`, `12 Code of Federal Regulations 1026.1`):
// the same citation as the abbreviated form (The Bluebook, rule 12.3: the title, the code,
// the section), as briefs and agency letters write it out.
#[test]
fn a_federal_codes_name_in_words_after_its_title() {
    assert_eq!(
        read("a work protected under 17 United States Code 101 and"),
        [usc("17 U.S.C. 101")]
    );
    assert_eq!(
        read("jurisdiction under 28 United States Code, Section 1331, and"),
        [usc("28 U.S.C. 1331")]
    );
    assert_eq!(
        read("as defined in 12 Code of Federal Regulations 1026.2(a)(11), a creditor"),
        [cfr("12 C.F.R. 1026.2(a)(11)")]
    );
    assert_eq!(
        read("the 2018 United States Code and the Code of Federal Regulations"),
        Vec::<(String, String)>::new()
    );
}

// Class: the ends of a range (The Bluebook, rule 3.3(b)): a number after `to` that opens a
// code's citation of its own is that citation's title (`49 CFR 40 to 49 CFR 41`), and a
// spaced hyphen joins two numbers of one numbering, lettered ones too (`7 U.S.C. 136 -
// 136y`, the Federal Insecticide, Fungicide, and Rodenticide Act).
#[test]
fn the_ends_of_a_range_in_one_numbering() {
    assert_eq!(
        read("the procedures in 49 CFR 40 to 49 CFR 41 apply"),
        [cfr("49 C.F.R. Part 40"), cfr("49 C.F.R. Part 41")]
    );
    assert_eq!(
        read("registered under 7 U.S.C. 136 - 136y before"),
        [usc("7 U.S.C. 136 to 136y")]
    );
    assert_eq!(
        read("under 5 U.S.C. 552 - 5 days after"),
        [usc("5 U.S.C. 552")]
    );
}

// Class: a chain of containers that ends at a title named with its code (the OLRC's
// `subchapter II of chapter 5 of title 5, United States Code`): the code's citation, every
// level kept (before, the subchapter was dropped and the chapter read alone). Real
// sentences of the U.S. Code's titles 42 and 10.
#[test]
fn a_chain_of_containers_of_a_named_title() {
    assert_eq!(
        read(
            "shall not be subject to section 701(e) or subchapter II of chapter 5 of title 5, United States Code, and chapter 7 of title 5"
        ),
        [
            ("section".to_string(), "§ 701(e)".to_string()),
            usc("5 U.S.C. ch. 5, subch. II"),
            (
                "section".to_string(),
                "[this code] tit. 5, ch. 7".to_string()
            ),
        ]
    );
    assert_eq!(
        read(
            "centers operated under the authority of subchapter II of chapter 88 of title 10, United States Code, the child of a member"
        ),
        [usc("10 U.S.C. ch. 88, subch. II")]
    );
}

fn named(n: &str) -> (String, String) {
    ("named_act".into(), n.into())
}

// Class: India's principal codes by their abbreviations after the section (`Section 341
// read with Section 34 IPC`, `u/s 302 IPC`, `Section 439 Cr.P.C.`), sections charged
// together (`Sections 302/34`) and read with one another: the code named after the last is
// every item's, and its abbreviations and short title are one namespace. The first sentence
// is from an AILA 2019 query (`shared/corpora/aila-2019-statutes`).
#[test]
fn indian_codes_by_their_abbreviations_and_joined_sections() {
    assert_eq!(
        read(
            "Accused Nos. 2 and 3 were also convicted under Section 341 read with Section 34 IPC. Accused No. 2 was further"
        ),
        [
            named("Indian Penal Code, 1860 § 341"),
            named("Indian Penal Code, 1860 § 34")
        ]
    );
    assert_eq!(
        read("charged under Sections 302/34 IPC and Section 498A/306 of the Indian Penal Code"),
        [
            named("Indian Penal Code, 1860 § 302"),
            named("Indian Penal Code, 1860 § 34"),
            named("Indian Penal Code, 1860 § 498A"),
            named("Indian Penal Code, 1860 § 306")
        ]
    );
    assert_eq!(
        read("an FIR u/s 302 IPC; bail under Section 439 Cr.P.C. was refused"),
        [
            named("Indian Penal Code, 1860 § 302"),
            named("Code of Criminal Procedure, 1973 § 439")
        ]
    );
    // A slash before a compound number joins nothing (Illinois' `5/2-101`), nor one that
    // follows no section.
    assert_eq!(
        read("staffed 24/7 as section 5/2-101 of the Act requires"),
        [("section".to_string(), "§ 5".to_string())]
    );
}

// Class: a short title with its year after a comma (India's, Canada's and the older British
// style, Short Titles Act 1896): the year is the name's. Sentences of the Indian statutes of
// AILA 2019 (S115, S137, S104); not a year that opens another name.
#[test]
fn a_short_title_with_its_year_after_a_comma() {
    assert_eq!(
        read("as specified in section 137 of the Indian Evidence Act, 1872 such that the maker"),
        [named("Indian Evidence Act, 1872 § 137")]
    );
    assert_eq!(
        read(
            "for the purpose of section 53A of the Transfer of Property Act, 1882 (4 of 1882) shall be registered"
        ),
        [named("Transfer of Property Act, 1882 § 53A")]
    );
    assert_eq!(
        read(
            "Inserted by Section 16 of the Code of Criminal Procedure (Amendment) Act, 2008 Inserted by"
        ),
        [named(
            "Code of Criminal Procedure (Amendment) Act, 2008 § 16"
        )]
    );
    assert_eq!(
        read("section 3 of the Clean Air Act, 1990 Amendments"),
        [named("Clean Air Act § 3")]
    );
    // A year that runs on into a span of years (en dash, hyphen) is no short title's.
    assert_eq!(
        read("section 5 of the Finance Act, 2013–14 and section 6 of the Finance Act, 2013-14"),
        [named("Finance Act § 5"), named("Finance Act § 6")]
    );
}

// Class: states' own forms from Bluepages table BT2: North Carolina's `G.S. 14-17` and
// Purdon's `18 Pa.C.S.A. § 2502` (written without spaces).
#[test]
fn north_carolina_and_purdons_own_forms() {
    assert_eq!(
        read("murder as defined in G.S. 14-17 is a Class A felony"),
        [(
            "state_statute".to_string(),
            "N.C. Gen. Stat. § 14-17".to_string()
        )]
    );
    assert_eq!(
        read("convicted under 18 Pa.C.S.A. § 2502(a) of"),
        [(
            "state_statute".to_string(),
            "18 Pa. Cons. Stat. § 2502(a)".to_string()
        )]
    );
}

// Class: a point of an annex joined to its act by `to` (Joint Practical Guide of the EU
// institutions, 16.12): the act's annex, not the citing act's. Before, `point 3 of Annex II`
// was read as the citing act's and the regulation as a citation of its own.
#[test]
fn a_point_of_an_annex_of_another_act() {
    assert_eq!(
        read("the requirements set out in point 3 of Annex II to Regulation (EU) 2017/745 apply"),
        [(
            "eu_article".to_string(),
            "Regulation (EU) 2017/745 Annex II(3)".to_string()
        )]
    );
    // AI Act, Art. 74(8): `to this Regulation` is the citing act's.
    assert_eq!(
        read(
            "For high-risk AI systems listed in point 1 of Annex III to this Regulation, in so far as"
        ),
        [(
            "eu_article".to_string(),
            "[this act] Annex III(1)".to_string()
        )]
    );
}

// Class: a hyphenated number whose first half is lettered is one section, not a range
// (North Carolina's chapters `122C`, `115C`; D.C. Code § 7-1101 cites `G.S. §§ 122C-361 to
// 122C-366`); an en dash is a range's own sign (`sections 29a, 30b–30m, … 672a–673, and
// chapter 18 of title 5`, 14 U.S.C., amendment notes).
#[test]
fn a_lettered_chapter_before_a_hyphen_is_no_range() {
    assert_eq!(
        read("pursuant to G.S. §§ 122C-361 to 122C-366, the"),
        [(
            "state_statute".to_string(),
            "N.C. Gen. Stat. §§ 122C-361 to 122C-366".to_string()
        )]
    );
    assert_eq!(
        read("for “sections 29a, 30b–30m, 84, 663, 667, 672a–673, and chapter 18 of title 5”.")[5]
            .1,
        "§ 672a to 673"
    );
}

// Class: a schedule joined to its act by `to` (the Parliamentary Counsel's drafting
// guidance, 11.3; India's Acts), whole or by a unit of it: the act's schedule, never a
// section of the act or of the citing document. The Indian sentence is from AILA 2019's
// S137 (the Registration Act, 1908, s. 17); a schedule of a document that is no law (no
// year in its name) is none.
#[test]
fn schedules_of_an_act() {
    assert_eq!(
        read("lause (i) under Article 5 of Schedule I to the Indian Stamp Act, 1899 (2 of 1899)."),
        [named("Indian Stamp Act, 1899 sch. I, art. 5")]
    );
    assert_eq!(
        read(
            "the conditions in paragraph 3 of Schedule 1 to the Data Protection Act 2018 and Schedule 2 to the Data Protection Act 2018"
        ),
        [
            named("Data Protection Act 2018 sch. 1, para. 3"),
            named("Data Protection Act 2018 sch. 2")
        ]
    );
    assert_eq!(
        read("as listed in Part 2 of Schedule 3 to the Equality Act 2010,"),
        [named("Equality Act 2010 sch. 3, pt. 2")]
    );
    assert_eq!(
        read("the fees in Schedule 1 to the Agreement"),
        Vec::<(String, String)>::new()
    );
}

// Class: the rules of an order of the First Schedule to India's Code of Civil Procedure,
// numbered within each order (`Order VII Rule 11 CPC`): one citation of the code per rule;
// an order and rule of other rules, the code not named, are none.
#[test]
fn rules_of_an_order_of_the_code_of_civil_procedure() {
    assert_eq!(
        read(
            "The plaint was rejected under Order VII Rule 11 CPC. An application under Order XXXIX Rules 1 and 2 of the Code of Civil Procedure, 1908 was filed."
        ),
        [
            named("Code of Civil Procedure, 1908 ord. VII, r. 11"),
            named("Code of Civil Procedure, 1908 ord. XXXIX, r. 1"),
            named("Code of Civil Procedure, 1908 ord. XXXIX, r. 2")
        ]
    );
    assert_eq!(
        read("as provided by Order 2 Rule 5 of the Tribunal Rules"),
        Vec::<(String, String)>::new()
    );
}

// Class: an administrative code numbered by agency (table T1, Wisconsin: `Wis. Admin. Code
// DHS § 10.01`), the agency's initials written after the section sign as its own rules
// print them: the agency is the code's.
#[test]
fn an_agencys_initials_after_the_section_sign() {
    let regulation = |n: &str| ("state_regulation".to_string(), n.to_string());
    assert_eq!(
        read(
            "licensed under Wis. Admin. Code § DHS 10.01 and Wis. Admin. Code §§ NR 102.01 and 102.02"
        ),
        [
            regulation("Wis. Admin. Code DHS § 10.01"),
            regulation("Wis. Admin. Code NR § 102.01"),
            regulation("Wis. Admin. Code NR § 102.02")
        ]
    );
}

// Class: an act named before its section or schedule with its year after a comma (`Companies
// Act, 2013, Section 135`), and a schedule cited after its act's name and year (OSCOLA rule
// 2.4.1: `Equality Act 2010, sch 9, para 1`); a schedule after no dated act's name is none.
#[test]
fn sections_and_schedules_after_a_dated_acts_name() {
    assert_eq!(
        read("Under the Companies Act, 2013, Section 135 requires CSR spending."),
        [named("Companies Act, 2013 § 135")]
    );
    assert_eq!(
        read(
            "exempt under the Equality Act 2010, Sch. 9, para. 1 and the Data Protection Act 2018, Schedule 1, paragraph 3"
        ),
        [
            named("Equality Act 2010 sch. 9, para. 1"),
            named("Data Protection Act 2018 sch. 1, para. 3")
        ]
    );
    assert_eq!(
        read("a Schedule I controlled substance under the Controlled Substances Act"),
        Vec::<(String, String)>::new()
    );
}

/// The citations of `text` as text of the D.C. Code.
fn read_in_dc_code(text: &str) -> Vec<(String, String)> {
    pairs(&cite(text, Some("D.C. Code")))
}

fn dc(n: &str) -> (String, String) {
    ("state_statute".into(), format!("D.C. Code § {n}"))
}

// Class: a head word repeated before a number of another numbering starts a citation of its
// own: the `of` clause after it names the act of its number only, not the code section before
// it (D.C. Code § 26-1153.01(b)(2), § 50-1401.01 exemptions). The same numbering goes on
// under a repeated head (`sections 106 and section 106A`).
#[test]
fn a_repeated_head_word_of_another_numbering_starts_a_citation() {
    assert_eq!(
        read_in_dc_code(
            "If the lender fails to comply with § 26-1152.11 or section 129(a) and (b) of the Truth in Lending Act in the case of a lender covered by § 26-1151.02"
        ),
        [
            dc("26-1152.11"),
            named("Truth in Lending Act § 129(a)"),
            named("Truth in Lending Act § 129(b)"),
            dc("26-1151.02"),
        ]
    );
    let regulation = |n: &str| ("state_regulation".to_string(), n.to_string());
    assert_eq!(
        read_in_dc_code(
            "shall be exempt from compliance with § 50-1401.01, § 50-1501.02, and sections 414.1 and 422.1 of Title 18 of the District of Columbia Municipal Regulations"
        ),
        [
            dc("50-1401.01"),
            dc("50-1501.02"),
            regulation("D.C. Mun. Regs. tit. 18, § 414.1"),
            regulation("D.C. Mun. Regs. tit. 18, § 422.1"),
        ]
    );
    assert_eq!(
        read("the amendments made by sections 106 and section 106A of the Copyright Act"),
        [named("Copyright Act § 106"), named("Copyright Act § 106A")]
    );
}

// Class: a short form repeats its antecedent's numbering: after a section of an act numbered
// plainly, a `title-section` number is the citing code's (D.C. Code § 46-303.09, Uniform Law
// note), while a plain number is the act's.
#[test]
fn a_code_shaped_number_after_an_acts_section_is_the_codes() {
    assert_eq!(
        read_in_dc_code(
            "Uniform Law: This section is based upon § 309 of the Uniform Interstate Family Support Act (2001 Act). Former § 46-303.09 has been recodified as § 46-303.10 by D.C. Law 16-137, § 2(c)(10)."
        )
        .into_iter()
        .filter(|(_, n)| n.contains("46-303") || n.contains("§ 309"))
        .collect::<Vec<_>>(),
        [
            named("Uniform Interstate Family Support Act § 309"),
            dc("46-303.09"),
            dc("46-303.10"),
        ]
    );
}

// Class: a list under a singular head runs on through the sections the Council inserted and
// substituted in brackets (D.C. Code § 28-3909(a)): `28-3852, [28-3852.01], [28-3852.02], or
// 28-3904`.
#[test]
fn a_list_runs_on_through_inserted_and_bracketed_sections() {
    let found = read_in_dc_code(
        "in violation of section 28-3803, 28-3805, 28-3851, 28-3852, [28-3852.01], [28-3852.02], or 28-3904, and if it is in the public interest, the Attorney General",
    );
    assert_eq!(
        found,
        [
            dc("28-3803"),
            dc("28-3805"),
            dc("28-3851"),
            dc("28-3852"),
            dc("28-3852.01"),
            dc("28-3852.02"),
            dc("28-3904"),
        ]
    );
}

// Class: the General Laws as the states' own acts cite them, without the state: Massachusetts
// by chapter (`section 4 of chapter 151B of the General Laws`, `G.L. c. 231, s. 85`, `M.G.L.
// c. 93A` for the chapter), Rhode Island by its `title-chapter-section` numbers (`section
// 11-23-1 of the general laws`, `chapter 42-35 of the general laws`).
#[test]
fn the_general_laws_of_massachusetts_and_rhode_island() {
    let statute = |n: &str| ("state_statute".to_string(), n.to_string());
    assert_eq!(
        read(
            "Subsection (b) of section 4 of chapter 151B of the General Laws, as appearing in the 2016 Official Edition, is hereby amended. A violation of chapter 93A of the General Laws is an unfair act."
        ),
        [
            statute("Mass. Gen. Laws ch. 151B, § 4(b)"),
            statute("Mass. Gen. Laws ch. 93A")
        ]
    );
    assert_eq!(
        read("as provided in G.L. c. 231, s. 85 and M.G.L. c. 93A."),
        [
            statute("Mass. Gen. Laws ch. 231, § 85"),
            statute("Mass. Gen. Laws ch. 93A")
        ]
    );
    assert_eq!(
        read(
            "Section 11-23-1 of the general laws in chapter 11-23 entitled \"Murder\" is hereby amended. Chapter 42-35 of the general laws shall apply."
        ),
        [
            statute("R.I. Gen. Laws § 11-23-1"),
            statute("R.I. Gen. Laws ch. 42-35")
        ]
    );
    // Neither a section without its chapter nor the words alone.
    assert_eq!(
        read("section 4 of the General Laws shall apply, as the General Laws provide"),
        [("section".to_string(), "§ 4".to_string())]
    );
}

// Class: `et seq.` after one item of a list, which then goes on (an authority citation of 40
// C.F.R. part 9, Federal Register of October 3, 2017; the D.C. Code's cross-reference
// notes): the item's own, not every item's.
#[test]
fn et_seq_after_one_item_of_a_list() {
    let usc = |n: &str| ("usc".to_string(), n.to_string());
    assert_eq!(
        read(
            "Authority: 31 U.S.C. 9701; 33 U.S.C. 1251 et seq., 1311, 1313d; 42 U.S.C. 300j–9, 1857 et seq., 6901–6992k."
        )
        .into_iter()
        .filter(|(kind, _)| kind == "usc")
        .collect::<Vec<_>>(),
        [
            usc("31 U.S.C. 9701"),
            usc("33 U.S.C. 1251 et seq."),
            usc("33 U.S.C. 1311"),
            usc("33 U.S.C. 1313d"),
            usc("42 U.S.C. 300j-9"),
            usc("42 U.S.C. 1857 et seq."),
            usc("42 U.S.C. 6901 to 6992k"),
        ]
    );
    assert_eq!(
        read_in_dc_code("Forcible entry and detainer, see §§ 16-1501 et seq., 22-3302."),
        [
            (
                "state_statute".to_string(),
                "D.C. Code § 16-1501 et seq.".to_string()
            ),
            dc("22-3302")
        ]
    );
}

// Class: a state's own abbreviation written with the Bluebook's spacing: `18 Pa. C.S. § 2502`
// is Pennsylvania's Consolidated Statutes, as `18 Pa.C.S. § 2502`; `35 Ill. Adm. Code
// 211.101`, Illinois' administrative code in its own abbreviation, a regulation.
#[test]
fn state_abbreviations_with_their_spacing() {
    let statute = |n: &str| ("state_statute".to_string(), n.to_string());
    let regulation = |n: &str| ("state_regulation".to_string(), n.to_string());
    assert_eq!(
        read("under 18 Pa. C.S. § 2502 and 18 Pa.C.S. § 2503, and 35 Ill. Adm. Code 211.101"),
        [
            statute("18 Pa. Cons. Stat. § 2502"),
            statute("18 Pa. Cons. Stat. § 2503"),
            regulation("35 Ill. Adm. Code 211.101")
        ]
    );
}

// Class: a statutory instrument's own provisions as it names itself (the Office of the
// Parliamentary Counsel's drafting guidance: `regulation 12 of these Regulations`, `rule 7(2)
// of these Rules`), and a rule of another instrument named with its year; an instrument of
// another kind is none.
#[test]
fn an_instruments_own_regulations_and_rules() {
    let own = |n: &str| ("section".to_string(), n.to_string());
    assert_eq!(
        read(
            "Subject to regulation 12 of these Regulations, regulations 4 and 5 of these Regulations do not apply."
        ),
        [own("§ 12"), own("§ 4"), own("§ 5")]
    );
    assert_eq!(
        read("as provided by rule 3.9(1) of the Civil Procedure Rules 1998"),
        [named("Civil Procedure Rules 1998 § 3.9(1)")]
    );
    assert_eq!(
        read("under rule 7 of these Regulations"),
        Vec::<(String, String)>::new()
    );
}

// Class: a section of a session law's chapter (The Bluebook, rule 12.4: `<year> <state>
// <series> ch. <n>, § <s>`) is the chapter's, not another chapter; the act cited by its date
// and chapter before its session law (`Act of June 5, 2003, ch. 204, § 4.01, 2003 Tex. Gen.
// Laws 847`, with Texas' legislature and session, table T1) holds its sections.
#[test]
fn sections_of_state_session_laws() {
    assert_eq!(
        read(
            "The tax was repealed by 1995 N.Y. Laws ch. 83, § 2, and by 2004 Cal. Stat. ch. 227, §§ 3-5."
        ),
        [
            statute("1995 N.Y. Laws ch. 83, § 2"),
            statute("2004 Cal. Stat. ch. 227, §§ 3 to 5")
        ]
    );
    // The chapter alone, and a page after the series, stay as they were.
    assert_eq!(
        read(
            "The budget bill, 2010 N.Y. Laws ch. 56, amended the tax law; 2003 Tex. Gen. Laws 847, 855."
        ),
        [
            statute("2010 N.Y. Laws ch. 56"),
            statute("2003 Tex. Gen. Laws 847")
        ]
    );
    assert_eq!(
        read(
            "Act of June 5, 2003, 78th Leg., R.S., ch. 204, § 4.01, 2003 Tex. Gen. Laws 847, 855."
        ),
        [
            named("Act of June 5, 2003, ch. 204"),
            named("Act of June 5, 2003, ch. 204, § 4.01"),
            statute("2003 Tex. Gen. Laws 847")
        ]
    );
    // A state act's section takes no code from the citation before it.
    let found = read("1999 Cal. Stat. ch. 123, § 4. Act of May 1, 2001, ch. 12, § 3.");
    assert_eq!(
        found.last(),
        Some(&named("Act of May 1, 2001, ch. 12, § 3"))
    );
}

// Class: West's abbreviations of the annotated codes it publishes (its reporters, and the
// Uniform Laws Annotated's tables of the states' enactments in the D.C. Code's notes, e.g.
// D.C. Code § 4-1421), read as table T1's codes.
#[test]
fn wests_abbreviations_of_the_annotated_codes() {
    assert_eq!(
        read(
            "Conn.—C.G.S.A. § 17a-175. Fla.—West’s F.S.A. §§ 409.401 to 409.405. Iowa—I.C.A. § 232.158. Utah—U.C.A. 1953, 62A-4a-701. Mo.—V.A.M.S. § 210.620. Wash.—RCWA 26.34.010."
        ),
        [
            statute("Conn. Gen. Stat. Ann. § 17a-175"),
            statute("Fla. Stat. Ann. §§ 409.401 to 409.405"),
            statute("Iowa Code Ann. § 232.158"),
            statute("Utah Code Ann. § 62A-4a-701"),
            statute("Mo. Ann. Stat. § 210.620"),
            statute("Wash. Rev. Code Ann. § 26.34.010")
        ]
    );
}

// Class: the states' own forms the uniform-law tables and their courts use beside table
// T1's: Idaho's `I.C. §` and Hawaii's initials spaced `H R S` (the D.C. Code's table of
// enactments of the Interstate Compact on Educational Opportunity for Military Children), and
// Massachusetts's `c.` for a chapter after the code's name.
#[test]
fn idahos_code_and_massachusetts_chapters_by_their_own_abbreviations() {
    assert_eq!(
        read(
            "Hawaii—H R S §§ 315-1 to 315-3. Idaho—I.C. §§ 33-4104 to 33-4106. Iowa—I.C.A. §§ 272A.1 to 272A.3."
        ),
        [
            statute("Haw. Rev. Stat. §§ 315-1 to 315-3"),
            statute("Idaho Code §§ 33-4104 to 33-4106"),
            statute("Iowa Code Ann. §§ 272A.1 to 272A.3")
        ]
    );
    assert_eq!(
        read("A claim under Mass. Gen. Laws c. 93A, § 9 must be preceded by a demand letter."),
        [statute("Mass. Gen. Laws ch. 93A, § 9")]
    );
}

// Class: the European Convention on Human Rights by the abbreviation the Strasbourg court
// and OSCOLA use after the article (`Article 8 ECHR`) and by its names: one instrument, no
// EU law and no article of the citing act.
#[test]
fn the_european_convention_by_its_abbreviation() {
    assert_eq!(
        read("Art. 8 ECHR and Article 6(1) of the European Convention on Human Rights"),
        [
            named("European Convention on Human Rights art. 8"),
            named("European Convention on Human Rights art. 6(1)")
        ]
    );
}

fn statute(n: &str) -> (String, String) {
    ("state_statute".into(), n.into())
}

// Class: a section followed by the act's short title and year without `of the`, as English
// and Indian reports write it (`s.18 Offences Against the Person Act 1861`), the section
// abbreviation closed up to its number. The Indian sentence is the amendment note of
// section 304B of the Indian Penal Code (AILA 2019 statutes, S124).
#[test]
fn sections_before_a_dated_acts_title_without_of() {
    assert_eq!(
        read(
            "He was charged contrary to s.18 Offences Against the Person Act 1861 and s 1(1) Theft Act 1968."
        ),
        [
            named("Offences Against the Person Act 1861 § 18"),
            named("Theft Act 1968 § 1(1)")
        ]
    );
    assert_eq!(
        read(
            "Substituted for original section by section 4 Dowry Prohibition (Amendment) Act, 1984"
        ),
        [named("Dowry Prohibition (Amendment) Act, 1984 § 4")]
    );
    assert_eq!(
        read("see ss 1-6 Theft Act 1968"),
        [named("Theft Act 1968 §§ 1 to 6")]
    );
    // A possessive's letter is no section, and an article inside a title is the title's.
    assert_eq!(
        read(
            "the Office of Planning's 2021 Comprehensive Plan and the Comprehensive Plan Amendment Act of 2021"
        ),
        []
    );
    assert!(
        !read("the Uniform Commercial Code Article 9 Amendments Act of 2012")
            .iter()
            .any(|(_, n)| n.contains("Amendments Act of 2012 §"))
    );
}

// Class: the provisions of a United Kingdom statutory instrument named before them (OSCOLA
// rule 2.4: `Working Time Regulations 1998, SI 1998/1833, reg 4`), with or without the
// instrument's number; the number stays a citation of its own.
#[test]
fn provisions_after_a_statutory_instruments_title() {
    assert_eq!(
        read("Working Time Regulations 1998, reg 4(1), and the Civil Procedure Rules 1998, r 3.9."),
        [
            named("Working Time Regulations 1998 § 4(1)"),
            named("Civil Procedure Rules 1998 § 3.9")
        ]
    );
    assert_eq!(
        read("The Working Time Regulations 1998, SI 1998/1833, reg 13 applies."),
        [
            named("SI 1998/1833"),
            named("Working Time Regulations 1998 § 13")
        ]
    );
    // No instrument's title before it: no citation.
    assert_eq!(read("the reg 4 filing and r 2 of the sample"), []);
}

// Class: a name whose head noun comes before its `of` phrase (`Code of Civil Procedure`,
// `Canadian Charter of Rights and Freedoms`), before the section (the California Style
// Manual's form; the McGill Guide's rule 2.2 for the Charter).
#[test]
fn names_with_the_head_noun_before_of() {
    assert_eq!(
        read("Code of Civil Procedure section 425.16 is the anti-SLAPP statute."),
        [named("Code of Civil Procedure § 425.16")]
    );
    assert_eq!(
        read("Under the Canadian Charter of Rights and Freedoms, s. 7, everyone has the right."),
        [named("Canadian Charter of Rights and Freedoms § 7")]
    );
    // The national codes are cited by title, never by the name alone.
    assert_eq!(
        read("The Code of Federal Regulations § 1.1 applies."),
        [("section".into(), "§ 1.1".into())]
    );
}

// Class: a subdivision written after its section and a comma (Minnesota's `subd.`, The
// Bluebook's table T16; the California Style Manual's `subdivision (b)`).
#[test]
fn subdivisions_after_their_section() {
    assert_eq!(
        read(
            "See Minn. Stat. § 609.02, subd. 7 (2020), and Evidence Code section 1101, subdivision (b)."
        ),
        [
            statute("Minn. Stat. § 609.02(7)"),
            named("Evidence Code § 1101(b)")
        ]
    );
    // In the plural, the section's subdivisions too (before: the citing provision's).
    assert_eq!(
        read("a retaliation claim under Labor Code section 1102.5, subdivisions (a) and (b), lies"),
        [
            named("Labor Code § 1102.5(a)"),
            named("Labor Code § 1102.5(b)")
        ]
    );
}

// Class: `et seq.` followed by the title or code the sections are of: real sentences of the
// notes of 14 U.S.C. (Coast Guard) and of D.C. Code § 5-543.02.
#[test]
fn et_seq_before_the_title_it_is_of() {
    assert_eq!(
        read(
            "See the Uniform Code of Military Justice, section 801 et seq. of Title 10, Armed Forces."
        ),
        [usc("10 U.S.C. 801 et seq.")]
    );
    assert_eq!(
        read(
            "pursuant to subchapter II of Chapter 75, §\u{2002}7511 et seq. of Title 5 of the United States Code"
        ),
        [usc("5 U.S.C. 7511 et seq.")]
    );
}

// Class: a section of a constitution after `s` without its period (AGLC rule 3.6: `s
// 51(xxxi) of the Constitution`).
#[test]
fn sections_of_a_constitution_in_the_aglc_form() {
    assert_eq!(
        read("Under s 51(xxxi) of the Constitution, acquisition must be on just terms."),
        [named("Constitution § 51(xxxi)")]
    );
}

// Class: LexisNexis's forms of the state codes it publishes, as its citations print them:
// New York's Consolidated Laws Service, the Annotated Laws of Massachusetts, the Michigan
// Compiled Laws Service, Nebraska's and Ohio's revised statutes, Alabama's code, and the
// California codes without periods; read as table T1's codes.
#[test]
fn lexisnexis_forms_of_the_state_codes() {
    assert_eq!(
        read(
            "NY CLS Penal § 125.25; NY CLS Gen Bus § 349; NY CLS CPLR § 3211; ALM GL ch. 93A, § 2."
        ),
        [
            statute("N.Y. Penal Law § 125.25"),
            statute("N.Y. Gen. Bus. Law § 349"),
            statute("N.Y. C.P.L.R. 3211"),
            statute("Mass. Gen. Laws ch. 93A, § 2")
        ]
    );
    assert_eq!(
        read("MCLS § 600.5805; R.R.S. Neb. § 25-207; ORC Ann. 2305.10; Code of Ala. § 6-2-38."),
        [
            statute("Mich. Comp. Laws § 600.5805"),
            statute("Neb. Rev. Stat. § 25-207"),
            statute("Ohio Rev. Code Ann. § 2305.10"),
            statute("Ala. Code § 6-2-38")
        ]
    );
    assert_eq!(
        read("Cal Pen Code § 187 and Cal Code Civ Proc § 340."),
        [
            statute("Cal. Penal Code § 187"),
            statute("Cal. Civ. Proc. Code § 340")
        ]
    );
}

// Class: an act's divisions numbered in Arabic numerals (Commonwealth acts; the D.C.
// Council's way of citing the titles of acts of Congress), cited whole or in a chain, before
// the act's name. Real sentences of D.C. Code §§ 33-211.02 and 38-2731.
#[test]
fn act_divisions_numbered_in_arabic() {
    assert_eq!(
        read(
            "The Mayor, pursuant to Title 1 of the District of Columbia Administrative Procedure Act, approved October 21, 1968"
        ),
        [named(
            "District of Columbia Administrative Procedure Act tit. 1"
        )]
    );
    assert_eq!(
        read(
            "administered by the State Education Office pursuant to Subpart 4 of Part A of Title IV of the Higher Education Act"
        ),
        [named("Higher Education Act tit. IV, pt. A, subpt. 4")]
    );
    assert_eq!(
        read(
            "Part 3 of the Data Protection Act 2018 and Chapter 5 of the Companies Act, 2008 apply."
        ),
        [
            named("Data Protection Act 2018 pt. 3"),
            named("Companies Act, 2008 ch. 5")
        ]
    );
    // A defined short name is no act's name.
    assert_eq!(read("Chapter 4 of the Act provides."), []);
}

// Class: the supplements of a C.F.R. part numbered `No.` (the Export Administration
// Regulations, 15 C.F.R. parts 730-774, as the eCFR heads them).
#[test]
fn numbered_supplements_of_a_cfr_part() {
    assert_eq!(
        read(
            "under 15 CFR 744.21 and Supplement No. 2 to part 744, and 15 CFR part 740, Supplement No. 1."
        ),
        [
            cfr("15 C.F.R. 744.21"),
            cfr("15 C.F.R. Part 744, supplement No. 2"),
            cfr("15 C.F.R. Part 740, supplement No. 1")
        ]
    );
    // The supplement before the part in the prefix form, with its `No.` in any case.
    assert_eq!(
        read("listed in supplement no. 1 to 15 CFR part 740 and Supplement I to 12 CFR part 1026."),
        [
            cfr("15 C.F.R. Part 740, supplement No. 1"),
            cfr("12 C.F.R. Part 1026, supplement I")
        ]
    );
}

// Class: a subpart of the Federal Acquisition Regulations System, numbered with its part
// (FAR 1.105-2: part 9, subpart 9.4, section 9.406), and the FAR's parts by its own name.
#[test]
fn acquisition_regulation_subparts_numbered_with_their_part() {
    assert_eq!(
        read(
            "debarment under 48 CFR subpart 9.4, FAR subpart 9.4 or 48 C.F.R. subpt. 209.4, and negotiation under FAR part 15."
        ),
        [
            cfr("48 C.F.R. Part 9, subpart 9.4"),
            cfr("48 C.F.R. Part 9, subpart 9.4"),
            cfr("48 C.F.R. Part 209, subpart 209.4"),
            cfr("48 C.F.R. Part 15")
        ]
    );
    // A section is no subpart.
    assert_eq!(read("under FAR 9.406-2."), [cfr("48 C.F.R. 9.406-2")]);
}

// Class: the national code named before its title (`CFR Title 40, Part 60`, `the Code of
// Federal Regulations (CFR) Title 21`), as agencies' guidance and contracts write it.
#[test]
fn the_code_named_before_its_title() {
    assert_eq!(
        read(
            "CFR Title 40, Part 60 applies; the Code of Federal Regulations (CFR) Title 21 governs food and drugs."
        ),
        [cfr("40 C.F.R. Part 60"), cfr("21 C.F.R.")]
    );
    assert_eq!(
        read("the United States Code title 42 section 1983"),
        [usc("42 U.S.C. 1983")]
    );
}

// Class: a subpart or appendix of a part cited in the C.F.R.'s prefix form (`Subpart Z of
// 29 CFR Part 1910`, `Appendix A to 40 CFR part 60`; the Document Drafting Handbook's `of`
// and `to` before a part).
#[test]
fn units_of_a_part_cited_by_its_prefix_form() {
    assert_eq!(
        read("Subpart Z of 29 CFR Part 1910 applies; Appendix A to 40 CFR part 60 lists methods."),
        [
            cfr("29 C.F.R. Part 1910, subpart Z"),
            cfr("40 C.F.R. Part 60, appendix A")
        ]
    );
}

// Class: an article of the United States Constitution, or of a state's named, cited in
// words (The Bluebook, rule 11). The first sentence is D.C. Code § 47-391.01(a). An article
// numbered in Arabic is another constitution's (India's `Article 21`).
#[test]
fn constitutional_articles_in_words() {
    assert_eq!(
        read(
            "Pursuant to Article I, section 8, clause 17 of the Constitution of the United States, there is hereby established the District of Columbia Financial Responsibility and Management Assistance Authority."
        ),
        [("usconst".into(), "U.S. Const. art. I, § 8, cl. 17".into())]
    );
    assert_eq!(
        read(
            "Article III of the Constitution limits jurisdiction; Article I, Section 1 of the California Constitution protects privacy."
        ),
        [
            ("usconst".into(), "U.S. Const. art. III".into()),
            (
                "state_constitution".into(),
                "Cal. Const. art. I, § 1".into()
            )
        ]
    );
    assert_eq!(
        read("A petition under Article 21 of the Constitution was filed."),
        [named("Constitution art. 21")]
    );
    // The state named after the word, the section before its article, as the states' own
    // laws write them; the citing state's own (`of this State`) is no United States'.
    assert_eq!(
        read(
            "as provided in section 2 of article VI of the Constitution of the State of New York and section 1 of article IX of the Constitution of Virginia"
        ),
        [
            (
                "state_constitution".into(),
                "N.Y. Const. art. VI, § 2".into()
            ),
            (
                "state_constitution".into(),
                "Va. Const. art. IX, § 1".into()
            )
        ]
    );
    assert!(
        !read("pursuant to article VI of the Constitution of this State")
            .iter()
            .any(|(kind, _)| kind == "usconst")
    );
}

// Class: an amendment of the United States Constitution named in words with the
// Constitution it amends (The Bluebook, rule 11: `U.S. Const. amend. V`). The first sentence
// is 17 U.S.C. § 511(a), the second the Federal Register of 2017-06-07 (the raisin marketing
// order). Without the Constitution named, `the First Amendment` is a name in prose.
#[test]
fn constitutional_amendments_in_words() {
    let amend = |n: &str| -> (String, String) { ("usconst".into(), n.into()) };
    assert_eq!(
        read(
            "acting in his or her official capacity, shall not be immune, under the Eleventh Amendment of the Constitution of the United States or under any other doctrine"
        ),
        [amend("U.S. Const. amend. XI")]
    );
    assert_eq!(
        read(
            "reserve pool authority to the Hornes was a taking under the Fifth Amendment to the U.S. Constitution. By a July 16, 2015, letter"
        ),
        [amend("U.S. Const. amend. V")]
    );
    assert_eq!(
        read("as section 1 of the Fourteenth Amendment to the United States Constitution requires"),
        [amend("U.S. Const. amend. XIV, § 1")]
    );
    assert_eq!(
        read("Amendment XIX to the Constitution of the United States"),
        [amend("U.S. Const. amend. XIX")]
    );
    assert!(read("The First Amendment protects speech.").is_empty());
    // The ordinal in lower case or in figures (35 U.S.C. § 296 as published).
    assert_eq!(
        read(
            "shall not be immune, under the eleventh amendment of the Constitution of the United States or under"
        ),
        [amend("U.S. Const. amend. XI")]
    );
    assert_eq!(
        read("the 14th Amendment to the United States Constitution"),
        [amend("U.S. Const. amend. XIV")]
    );
    // The Law Revision Counsel's `Const.` without its polity, in the U.S. Code's notes (17
    // U.S.C. § 102 note): the United States'.
    assert_eq!(
        read("capable of protection under the Constitution [Const. Art. I, § 8, cl. 8]"),
        [("usconst".into(), "U.S. Const. art. I, § 8, cl. 8".into())]
    );
}

// Class: a subdivision of a constitution's section (The Bluebook, rules 11 and 3.3:
// `Cal. Const. art. I, § 7(a)`, as California's and New York's constitutions subdivide their
// sections), in the abbreviated form and in words. Before, the citation stopped at the
// section and dropped the subdivision.
#[test]
fn subdivisions_of_a_constitutions_section() {
    let state = |n: &str| ("state_constitution".to_string(), n.to_string());
    assert_eq!(
        read("See Cal. Const. art. I, § 7(a) and N.Y. Const. art. VI, § 1(b)(2)."),
        [
            state("Cal. Const. art. I, § 7(a)"),
            state("N.Y. Const. art. VI, § 1(b)(2)")
        ]
    );
    assert_eq!(
        read(
            "Under Article I, section 7(a) of the California Constitution, no person may be deprived."
        ),
        [state("Cal. Const. art. I, § 7(a)")]
    );
    // A clause stays the clause.
    assert_eq!(
        read("U.S. Const. art. I, § 8, cl. 3"),
        [("usconst".into(), "U.S. Const. art. I, § 8, cl. 3".into())]
    );
}

// Class: the state constitutions' own divisions in table T1's forms: a section's paragraphs
// (`N.J. Const. art. VIII, § 4, ¶ 1`, `Ga. Const. art. I, § 1, para. I`), Massachusetts'
// parts before the article (`Mass. Const. pt. 1, art. 12`, the article in Roman figures as
// the table writes it), and the year Illinois' courts write after the name of their
// constitution (`Ill. Const. 1970, art. I, § 2`), which names the one in force.
#[test]
fn paragraphs_parts_and_years_of_state_constitutions() {
    let state = |n: &str| ("state_constitution".to_string(), n.to_string());
    assert_eq!(
        read(
            "See N.J. Const. art. VIII, § 4, ¶ 1; Ga. Const. art. I, § 1, para. I; Mass. Const. pt. 1, art. 12; Ill. Const. 1970, art. I, § 2."
        ),
        [
            state("N.J. Const. art. VIII, § 4, ¶ 1"),
            state("Ga. Const. art. I, § 1, ¶ I"),
            state("Mass. Const. pt. 1, art. XII"),
            state("Ill. Const. art. I, § 2")
        ]
    );
}

// Class: the numbering of articles and sections inserted between others (table T1 and the
// constitutions' own texts): California's lettered articles (`art. XIII A`, written `XIIIA`
// too) with California's `subd.`, Texas's sections with a hyphen and a letter (`§ 1-b`,
// `§ 49-d-8`); the section before its article in words, with a comma (`Section 19, Article I
// of the Texas Constitution`); a section of an amendment named by its ordinal, which only the
// United States Constitution's amendments are (`Section 1 of the Fourteenth Amendment`). A
// capital after an article that no punctuation closes is a word (`art. I A court`), and an
// amendment of something else is no constitution's.
#[test]
fn inserted_articles_and_sections_of_constitutions() {
    let state = |n: &str| ("state_constitution".to_string(), n.to_string());
    let us = |n: &str| ("usconst".to_string(), n.to_string());
    assert_eq!(
        read(
            "See Cal. Const. art. XIII A, § 1; Cal. Const., art. XIIIA, § 2; Cal. Const., art. XIII D, § 6, subd. (a); Tex. Const. art. VIII, § 1-b; Tex. Const. art. III, § 49-d-8."
        ),
        [
            state("Cal. Const. art. XIII A, § 1"),
            state("Cal. Const. art. XIII A, § 2"),
            state("Cal. Const. art. XIII D, § 6(a)"),
            state("Tex. Const. art. VIII, § 1-b"),
            state("Tex. Const. art. III, § 49-d-8")
        ]
    );
    assert_eq!(
        read(
            "as guaranteed by Section 19, Article I of the Texas Constitution and by Article XIII A, Section 1 of the California Constitution"
        ),
        [
            state("Tex. Const. art. I, § 19"),
            state("Cal. Const. art. XIII A, § 1")
        ]
    );
    assert_eq!(
        read("Section 1 of the Fourteenth Amendment; section 2 of the 14th Amendment"),
        [
            us("U.S. Const. amend. XIV, § 1"),
            us("U.S. Const. amend. XIV, § 2")
        ]
    );
    assert_eq!(
        read("Under U.S. Const. art. I A court may not act."),
        [us("U.S. Const. art. I")]
    );
    assert_eq!(read("Section 2 of the First Amendment to the Lease"), []);
}

// Class: short forms after a constitution or a code cited by article (The Bluebook, rule
// 4.2; the states' citation manuals): an article with its section's paragraph (`Art. II, § 1,
// Para. II` after Georgia's constitution), an inserted article (`Art. XIII B`), an amendment
// (`Amend. V` after an amendment of the U.S. Constitution), and an article of a code cited by
// article (`Art. 2316` after `La. Civ. Code art. 2315`), which is no EU act's.
#[test]
fn short_forms_of_constitutions_and_codes_cited_by_article() {
    let state = |n: &str| ("state_constitution".to_string(), n.to_string());
    let st = |n: &str| ("state_statute".to_string(), n.to_string());
    assert_eq!(
        read("Ga. Const. Art. I, § 1, Para. I. Art. II, § 1, Para. II."),
        [
            state("Ga. Const. art. I, § 1, ¶ I"),
            state("Ga. Const. art. II, § 1, ¶ II")
        ]
    );
    assert_eq!(
        read("Cal. Const. art. XIII A, § 1. Art. XIII B, § 2."),
        [
            state("Cal. Const. art. XIII A, § 1"),
            state("Cal. Const. art. XIII B, § 2")
        ]
    );
    assert_eq!(
        read("U.S. Const. amend. XIV, § 1. Amend. V."),
        [
            (
                "usconst".to_string(),
                "U.S. Const. amend. XIV, § 1".to_string()
            ),
            ("usconst".to_string(), "U.S. Const. amend. V".to_string())
        ]
    );
    assert_eq!(
        read("La. Civ. Code art. 2315. Art. 2316. Tex. Code Crim. Proc. art. 38.22; art. 38.23."),
        [
            st("La. Civ. Code art. 2315"),
            st("La. Civ. Code art. 2316"),
            st("Tex. Code Crim. Proc. art. 38.22"),
            st("Tex. Code Crim. Proc. art. 38.23")
        ]
    );
    // Without a constitution before it, `Amend. V` is no citation.
    assert_eq!(read("Amend. V of the plan"), []);
}

// Class: `subsection (b) of such section` names a subdivision of the section cited last,
// not of an article cited before it. Real sentences of 35 U.S.C. 102(d) and 271(e)(5): the
// treaty's article comes first in the title.
#[test]
fn subdivisions_of_such_section_after_an_article() {
    let found = read(
        "only if the international application designating the United States was published under Article 21(2)(a) of such treaty in the English language. Where a person has filed an application described in paragraph (2) that includes a certification under subsection (b)(2)(A)(iv) or (j)(2)(A)(vii)(IV) of section 505 of the Federal Food, Drug, and Cosmetic Act ( 21 U.S.C. 355 ), and neither the owner of the patent that is the subject of the certification nor the holder of the approved application under subsection (b) of such section for the drug",
    );
    assert_eq!(found.last(), Some(&usc("21 U.S.C. 355(b)")));
}

// Class: `such section` names the section cited last, not the subdivision of it that
// citation named (44 U.S.C. 2204(c)(1)); `such article` in lower case is goods, no
// provision (the Customs Tariff's valuation clause in AILA's S192).
#[test]
fn such_section_is_a_section_and_such_article_is_goods() {
    let found = read(
        "Presidential records shall be administered in accordance with section 552 of title 5, United States Code, except that paragraph (b)(5) of that section shall not be available for purposes of withholding any Presidential record, and for the purposes of such section such records shall be deemed to be records of the National Archives",
    );
    assert_eq!(found.last(), Some(&usc("5 U.S.C. 552")));
    let found = read(
        "the value of the imported article determined under sub-section (1) of section 14 or the tariff value of such article fixed under sub-section (2) of that section",
    );
    let section = |n: &str| -> (String, String) { ("section".into(), n.into()) };
    assert_eq!(found, [section("§ 14(1)"), section("§ 14(2)")]);
}

fn uniform(n: &str) -> (String, String) {
    ("uniform_law".into(), n.into())
}

// Class: Louisiana's own forms of its Revised Statutes and codes (the rules of its Supreme
// Court for citing them: `La. R.S. 14:30`, `La. C.C. art. 2315`, `La. C.Cr.P. art. 701`,
// and West's `LSA-` forms), written with or without the space after the state; read as
// table T1's names. The codes are cited by article, the statutes by title and section.
#[test]
fn louisianas_own_forms_of_its_statutes_and_codes() {
    assert_eq!(
        read(
            "Defendant was convicted of second degree murder, a violation of La. R.S. 14:30.1, and his motion under La. C.Cr.P. art. 701 was denied."
        ),
        [
            statute("La. Stat. Ann. § 14:30.1"),
            statute("La. Code Crim. Proc. Ann. art. 701")
        ]
    );
    assert_eq!(
        read(
            "Liability arises under La.C.C. arts. 2315 and 2317.1, and summary judgment is governed by La. C.C.P. art. 966; see also LSA-R.S. 9:2800.6 and La. C.E. art. 404."
        ),
        [
            statute("La. Civ. Code Ann. art. 2315"),
            statute("La. Civ. Code Ann. art. 2317.1"),
            statute("La. Code Civ. Proc. Ann. art. 966"),
            statute("La. Stat. Ann. § 9:2800.6"),
            statute("La. Code Evid. Ann. art. 404")
        ]
    );
    // The uniform laws table of D.C. Code § 4-1421's notes: a range of articles.
    assert_eq!(
        read("La.—LSA-Ch.C. arts. 1608 to 1622. Maine—22 M.R.S.A. §§ 4251 to 4269."),
        [
            statute("La. Child. Code Ann. arts. 1608 to 1622"),
            statute("Me. Stat. tit. 22, §§ 4251 to 4269")
        ]
    );
}

// Class: the articles of the Uniform Commercial Code, cited whole by its initials or named
// after them (The Bluebook, rule 12.9.5: `U.C.C. art. 9`); a section of it and of its
// name next to another name.
#[test]
fn articles_of_the_uniform_commercial_code() {
    assert_eq!(
        read(
            "A security interest perfected under U.C.C. art. 9 has priority; Article 2 of the UCC governs sales of goods."
        ),
        [uniform("U.C.C. art. 9"), uniform("U.C.C. art. 2")]
    );
    assert_eq!(
        read(
            "Compare section 2-207 of the Uniform Commercial Code and Uniform Commercial Code § 2-209."
        ),
        [uniform("U.C.C. § 2-207"), uniform("U.C.C. § 2-209")]
    );
}

// Class: a state's code divided into articles, named in words and cited by article after
// its name (table T1: `Tex. Code Crim. Proc. Ann. art.`, `La. Civ. Code Ann. art.`);
// California's codes named in words take table T1's order (`Cal. Civ. Proc. Code`).
#[test]
fn a_states_code_cited_by_article_after_its_name() {
    assert_eq!(
        read(
            "The statement was inadmissible under Texas Code of Criminal Procedure article 38.22, and damages lie under Louisiana Civil Code article 2315."
        ),
        [
            statute("Tex. Code Crim. Proc. art. 38.22"),
            statute("La. Civ. Code art. 2315")
        ]
    );
    assert_eq!(
        read("The motion was brought under California Code of Civil Procedure section 425.16."),
        [statute("Cal. Civ. Proc. Code § 425.16")]
    );
}

// Class: an article of a named act or convention is `art.` (The Bluebook, rule 21.4:
// `European Convention on Human Rights art. 8`), whatever the act's words for it.
#[test]
fn an_article_of_a_named_act_is_art() {
    assert_eq!(
        read(
            "Article 8 of the European Convention on Human Rights protects private life, and Articles 2 to 4 of the Vienna Convention on the Law of Treaties define terms."
        ),
        [
            named("European Convention on Human Rights art. 8"),
            named("Vienna Convention on the Law of Treaties arts. 2 to 4")
        ]
    );
}

// Class: two names joined by `and` before a section sign: the section is the second
// name's (`the Clean Air Act and Clean Water Act § 404`), and the first is no citation.
#[test]
fn a_section_after_two_names_is_the_seconds() {
    assert_eq!(
        read("Permits under the Clean Air Act and Clean Water Act § 404 are required."),
        [named("Clean Water Act § 404")]
    );
}

// Class: a list of C.F.R. subparts or appendices, after their part (`40 CFR part 60,
// subparts OOOO and OOOOa`) or before it (`subparts L and M to part 747 of this chapter`,
// the Document Drafting Handbook's prefix form): one citation per unit. The second
// sentence is after 12 C.F.R. 746.201(d)(3) (Federal Register of June 7, 2017), whose
// `part 747` leaves its `of this chapter` to the parts before.
#[test]
fn lists_of_units_of_a_cfr_part() {
    assert_eq!(
        read(
            "The standards of 40 CFR part 60, subparts OOOO and OOOOa, and 42 CFR 423, subparts M and U, apply."
        ),
        [
            cfr("40 C.F.R. Part 60, subpart OOOO"),
            cfr("40 C.F.R. Part 60, subpart OOOOa"),
            cfr("42 C.F.R. Part 423, subpart M"),
            cfr("42 C.F.R. Part 423, subpart U")
        ]
    );
    assert_eq!(
        read_in_cfr(
            "Challenges to determinations under the prompt corrective action regime in parts 702 and 704 of this chapter and subparts L and M to part 747 of this chapter; and",
            "12",
            "746.201",
        ),
        [
            cfr("12 C.F.R. Part 702"),
            cfr("12 C.F.R. Part 704"),
            cfr("12 C.F.R. Part 747, subpart L"),
            cfr("12 C.F.R. Part 747, subpart M")
        ]
    );
    // An agency's initials after the list are no unit of it.
    assert_eq!(
        read("under 40 CFR part 60, subparts OOOO and OOOOa, and EPA may approve a plan."),
        [
            cfr("40 C.F.R. Part 60, subpart OOOO"),
            cfr("40 C.F.R. Part 60, subpart OOOOa")
        ]
    );
    let found = cite("see 40 CFR part 60, subparts A, B, and C.", None);
    let spans: Vec<&str> = found.iter().map(|c| c.raw.as_str()).collect();
    assert_eq!(spans, ["40 CFR part 60, subparts A", "B", "C"]);
}

// Class: a code's name in large and small capitals (The Bluebook, rule 2.1: law reviews'
// footnotes and the briefs that copy them), as a PDF's or a word processor's text gives it:
// all capitals. Read as table T1 writes the name, at the offsets of the text.
#[test]
fn code_names_in_small_capitals() {
    let text = "See TEX. PENAL CODE ANN. § 19.02 (West 2019); N.Y. GEN. BUS. LAW § 349 (McKinney 2021); MASS. GEN. LAWS ch. 93A, § 2; LA. CIV. CODE ANN. art. 2315; CAL. CODE REGS. tit. 8, § 3203; FED. R. CIV. P. 12(b)(6).";
    assert_eq!(
        read(text),
        [
            statute("Tex. Penal Code Ann. § 19.02"),
            statute("N.Y. Gen. Bus. Law § 349"),
            statute("Mass. Gen. Laws ch. 93A, § 2"),
            statute("La. Civ. Code Ann. art. 2315"),
            (
                "state_regulation".into(),
                "Cal. Code Regs. tit. 8, § 3203".into()
            ),
            ("court_rule".into(), "Fed. R. Civ. P. 12(b)(6)".into())
        ]
    );
    let found = cite(text, None);
    assert!(found[0].raw.starts_with("TEX. PENAL CODE ANN. § 19.02"));
    // Capitals that name no code are left alone: a heading is no citation.
    assert_eq!(
        read("NOTICE TO ALL EMPLOYEES: FAMILY AND MEDICAL LEAVE 2019 EDITION"),
        []
    );
}

// Class: a uniform act by The Bluebook's abbreviation of its name (rule 12.9.5: `Unif.
// Trade Secrets Act § 1`, `Unif. Prob. Code § 2-502`), no state's enactment of it and no
// California code; and the uniform acts and Restatements in small capitals (rules 12.9.4
// and 12.9.5), read as in their own case.
#[test]
fn uniform_acts_and_restatements_by_the_bluebooks_names() {
    assert_eq!(
        read(
            "See Unif. Trade Secrets Act § 1(4) (Unif. L. Comm'n 1985) and Unif. Prob. Code § 2-502 (Unif. L. Comm'n 2019)."
        ),
        [
            uniform("Unif. Trade Secrets Act § 1(4)"),
            uniform("Unif. Prob. Code § 2-502")
        ]
    );
    assert_eq!(
        read(
            "See UNIF. PROB. CODE § 2-502 (UNIF. L. COMM'N 2019); RESTATEMENT (SECOND) OF TORTS § 402A (AM. L. INST. 1965); RESTATEMENT (THIRD) OF THE LAW GOVERNING LAWYERS § 5."
        ),
        [
            uniform("Unif. Prob. Code § 2-502"),
            uniform("Restatement (Second) of Torts § 402A"),
            uniform("Restatement (Third) of the Law Governing Lawyers § 5")
        ]
    );
}

fn act(n: &str) -> (String, String) {
    ("named_act".into(), n.into())
}

// Class: an Act of Parliament cited with its chapter number after its year (the number of
// the Parliament's acts in their calendar year, Acts of Parliament Numbering and Citation Act
// 1962; the Scottish Parliament's `asp`), before its section: the section is the act's. Not
// a year and a chapter of no act's name.
#[test]
fn acts_of_parliament_with_their_chapter_numbers() {
    assert_eq!(
        read("The duty is engaged: Human Rights Act 1998 (c. 42), s. 3(1)."),
        [act("Human Rights Act 1998 § 3(1)")]
    );
    assert_eq!(
        read("the Data Protection Act 2018 (c. 12), section 170, creates the offence"),
        [act("Data Protection Act 2018 § 170")]
    );
    assert_eq!(
        read("Criminal Justice Act 2003 c. 44 s. 142 sets the purposes of sentencing."),
        [act("Criminal Justice Act 2003 § 142")]
    );
    assert_eq!(
        read("Land Reform (Scotland) Act 2003 (asp 2), s. 1"),
        [act("Land Reform (Scotland) Act 2003 § 1")]
    );
    assert_eq!(
        read("In 2003 c. 44 s. 142 was read."),
        [("section".into(), "§ 142".into())]
    );
}

// Class: a provision of a statutory instrument cited by the instrument's number, before it
// or after it (OSCOLA rule 2.4: `SI 1998/1833, reg 4`; the Irish Statute Book's `S.I. No.
// 336 of 2011`; the McGill Guide rule 3.4: `RRO 1990, Reg 194, r 21.01`), and of an Indian
// instrument named with its year after a comma (`the Income Tax Rules, 1962`).
#[test]
fn provisions_of_instruments_cited_by_number() {
    assert_eq!(
        read("See SI 1998/1833, reg 4(1), and regulation 5 of SI 1998/1833."),
        [
            act("SI 1998/1833"),
            act("SI 1998/1833 § 4(1)"),
            act("SI 1998/1833 § 5")
        ]
    );
    assert_eq!(
        read("S.I. No. 336 of 2011, reg. 3; Regulation 4 of S.I. No. 336 of 2011"),
        [
            act("SI No 336 of 2011"),
            act("SI No 336 of 2011 § 3"),
            act("SI No 336 of 2011 § 4")
        ]
    );
    assert_eq!(
        read("Rules of Civil Procedure, R.R.O. 1990, Reg. 194, r. 21.01(1)(b)"),
        [
            act("RRO 1990, Reg 194"),
            act("RRO 1990, Reg 194 § 21.01(1)(b)")
        ]
    );
    assert_eq!(
        read("as required by Rule 4 of the Income Tax Rules, 1962"),
        [act("Income Tax Rules, 1962 § 4")]
    );
}

// Class: a rule of the Civil Procedure Rules of England and Wales by their abbreviation
// (OSCOLA rule 2.4: `CPR r 3.9`; judgments' `CPR 3.9(1)`), numbered by its Part; the
// abbreviation before any other number is none (`CPR 30 times`).
#[test]
fn civil_procedure_rules_by_their_abbreviation() {
    let rule = |n: &str| -> (String, String) { ("court_rule".into(), n.into()) };
    assert_eq!(
        read("relief from sanctions under CPR r 3.9, CPR 3.9(1)(e) and CPR rule 31.6(b)"),
        [rule("CPR 3.9"), rule("CPR 3.9(1)(e)"), rule("CPR 31.6(b)")]
    );
    assert_eq!(read("The nurse gave CPR 30 times a minute."), []);
}

// Class: New York's laws by the initials the New York Law Reports Style Manual gives them,
// without a section sign (`CPL 710.20 (1)`, `EPTL 5-1.1-A`), and the C.P.L.R. with the
// state's initials before its own (`N.Y. CPLR 3211`), in table T1's names.
#[test]
fn new_yorks_laws_by_the_style_manuals_initials() {
    let st = |n: &str| -> (String, String) { ("state_statute".into(), n.into()) };
    assert_eq!(
        read("See N.Y. CPLR 3211(a)(7); CPL 710.20 (1); EPTL 5-1.1-A; SCPA 1001; RPAPL 711 (2)."),
        [
            st("N.Y. C.P.L.R. 3211(a)(7)"),
            st("N.Y. Crim. Proc. Law § 710.20(1)"),
            st("N.Y. Est. Powers & Trusts Law § 5-1.1-A"),
            st("N.Y. Surr. Ct. Proc. Act § 1001"),
            st("N.Y. Real Prop. Acts. Law § 711(2)")
        ]
    );
}

// Class: a range whose end leaves out the characters it shares with its start before a
// punctuation mark (The Bluebook rule 3.3(b): `§§ 4.16.080-.100`, `§§ 2A:14-1 to -2`): the
// end is the whole section number.
#[test]
fn ranges_whose_end_leaves_out_what_it_shares() {
    let st = |n: &str| -> (String, String) { ("state_statute".into(), n.into()) };
    assert_eq!(
        read("Wash. Rev. Code §§ 4.16.080-.100; Cal. Civ. Code §§ 1798.100–.199 (West 2020)."),
        [
            st("Wash. Rev. Code §§ 4.16.080 to 4.16.100"),
            st("Cal. Civ. Code §§ 1798.100 to 1798.199")
        ]
    );
    assert_eq!(
        read("N.J. Stat. Ann. §§ 2A:14-1 to -2; Va. Code Ann. §§ 8.01-581.1 to -581.20."),
        [
            st("N.J. Stat. Ann. §§ 2A:14-1 to 2A:14-2"),
            st("Va. Code §§ 8.01-581.1 to 8.01-581.20")
        ]
    );
}

// Class: India's courts' forms of a section of an act named by its initials (`S. 138 of the
// N.I. Act`, the Negotiable Instruments Act): the capital abbreviation only before a law it
// names (a Senate bill is `S. 1790`), the initials with their last period part of the name.
#[test]
fn sections_of_acts_named_by_initials_in_indias_forms() {
    assert_eq!(
        read("The complaint under S. 138 of the N.I. Act was filed; section 3 of the I.T. Act."),
        [act("N.I. Act § 138"), act("I.T. Act § 3")]
    );
    assert_eq!(
        read("convicted under S. 302 IPC; bail under S. 439 Cr.P.C."),
        [
            act("Indian Penal Code, 1860 § 302"),
            act("Code of Criminal Procedure, 1973 § 439")
        ]
    );
    assert_eq!(
        read("S. 1790 of the 116th Congress; S. 2 of the Senate; S. 1790, 116th Cong."),
        []
    );
}

// Class: EU acts by the short names their titles give them or the institutions' acronyms
// (`Digital Services Act`, `DSA`, `MiFID II`, `NIS 2 Directive`), after an article, in its
// `of` clause and before it with a comma (OSCOLA rule 2.6.1): the act's article, not the
// citing act's.
#[test]
fn eu_acts_by_their_short_names() {
    let art = |n: &str| -> (String, String) { ("eu_article".into(), n.into()) };
    assert_eq!(
        read(
            "Art. 17 DSA; DSA, Art. 35; Article 4(1)(1) MiFID II; Article 21 of the NIS 2 Directive."
        ),
        [
            art("Regulation (EU) 2022/2065 Art. 17"),
            art("Regulation (EU) 2022/2065 Art. 35"),
            art("Directive 2014/65/EU Art. 4(1)(1)"),
            art("Directive (EU) 2022/2555 Art. 21")
        ]
    );
}

// Class: the letter of a French code's article (`article L. 121-1`, Légifrance's numbering of
// the legislative part) is no Roman numeral of an article.
#[test]
fn french_code_articles_are_no_roman_numerals() {
    assert_eq!(
        read("en application de l'article L. 121-1 du code de la consommation"),
        []
    );
}

// Class: the Illinois Compiled Statutes with the chapter after the code's name (`Ill. Comp.
// Stat. ch. 740, § 14/15`), the act and section after a slash: Illinois's `740 ILCS 14/15`,
// one citation; the former Revised Statutes' chapter and paragraph stay theirs.
#[test]
fn illinois_compiled_statutes_cited_by_chapter() {
    let st = |n: &str| -> (String, String) { ("state_statute".into(), n.into()) };
    assert_eq!(
        read(
            "Consent is required. Ill. Comp. Stat. ch. 740, § 14/15(b); Ill. Rev. Stat. ch. 110, par. 2-1001."
        ),
        [
            st("740 ILCS 14/15(b)"),
            st("Ill. Rev. Stat. ch. 110, para. 2-1001")
        ]
    );
}

// Class: a schedule's own sections and clauses, after the act's name (the AGLC rule 3.1.4's
// pinpoint: `Competition and Consumer Act 2010 (Cth) sch 2 s 18`, the Australian Consumer
// Law; `sch 1 cl 11`) and joined to the act by `to` (`section 18 of Schedule 2 to …`): the
// schedule's, never the act's own section 18.
#[test]
fn sections_and_clauses_of_a_schedule() {
    assert_eq!(
        read(
            "Misleading conduct is prohibited: Competition and Consumer Act 2010 (Cth) sch 2 s 18."
        ),
        [act("Competition and Consumer Act 2010 sch. 2, s. 18")]
    );
    assert_eq!(
        read(
            "See section 18 of Schedule 2 to the Competition and Consumer Act 2010 and Privacy Act 1988 (Cth) sch 1 cl 11."
        ),
        [
            act("Competition and Consumer Act 2010 sch. 2, s. 18"),
            act("Privacy Act 1988 sch. 1, cl. 11")
        ]
    );
}

// Class: an article of a civil law's code named in words before it with a comma (the McGill
// Guide rule 2.2: `Civil Code of Québec, art. 1457`; `Code of Civil Procedure, art. 20`) and
// of the U.C.C. in words: the code's article, not the citing act's (was `[this act] Art.
// 1457`, an EU article).
#[test]
fn articles_of_codes_named_in_words() {
    assert_eq!(
        read(
            "Liability is extra-contractual: Civil Code of Québec, art. 1457; Code of Civil Procedure, art. 20."
        ),
        [
            act("Civil Code of Québec art. 1457"),
            act("Code of Civil Procedure art. 20")
        ]
    );
    assert_eq!(
        read("Uniform Commercial Code, art. 9 governs secured transactions."),
        [("uniform_law".into(), "U.C.C. art. 9".into())]
    );
}

// Class: an `of` clause naming two acts joined by `and` after the first's year (the OLRC's
// notes: `section 5131 of the Information Technology Management Reform Act of 1996 and the
// Computer Security Act of 1987`): the section is the first act's, whose name ends at its
// year.
#[test]
fn an_acts_name_ends_at_its_year_before_another_act() {
    assert_eq!(
        read(
            "under section 5131 of the Information Technology Management Reform Act of 1996 and the Computer Security Act of 1987"
        ),
        [act(
            "Information Technology Management Reform Act of 1996 § 5131"
        )]
    );
    assert_eq!(
        read("section 5 of the Equality Act 2010 and Human Rights Act 1998"),
        [act("Equality Act 2010 § 5")]
    );
}

// Class: the books of the German Social Code by their number (`§ 24 SGB X`, `§ 5 SGB V`):
// twelve books of one name, each its own law; the number was dropped (`§ 24 sgb`, every book
// one).
#[test]
fn books_of_the_social_code_keep_their_number() {
    let de = |n: &str| -> (String, String) { ("de_statute".into(), n.into()) };
    assert_eq!(
        read("Die Anhörung nach § 24 SGB X ist nachzuholen; § 5 SGB V und § 7 SGB IV gelten."),
        [de("§ 24 sgb x"), de("§ 5 sgb v"), de("§ 7 sgb iv")]
    );
}

// Class: an act's chapters, parts and divisions pinpointed after its name and year as the
// AGLC abbreviates them (rule 3.1.4, without periods: `Corporations Act 2001 (Cth) pt 5.3A`,
// `Crimes Act 1900 (NSW) pt 3 div 6`, `Privacy Act 1988 (Cth) pt IIIA`): the act's division
// cited whole; the abbreviations after no dated act's name are none (`pt 3 of the plan`).
#[test]
fn divisions_of_an_act_in_the_aglcs_pinpoints() {
    assert_eq!(
        read(
            "Administration is governed by Corporations Act 2001 (Cth) pt 5.3A and Crimes Act 1900 (NSW) pt 3 div 6."
        ),
        [
            act("Corporations Act 2001 pt. 5.3A"),
            act("Crimes Act 1900 pt. 3, div. 6")
        ]
    );
    assert_eq!(
        read("Credit reporting: Privacy Act 1988 (Cth) pt IIIA."),
        [act("Privacy Act 1988 pt. IIIA")]
    );
    assert_eq!(read("see pt 3 of the plan and ch 2 below"), []);
}

// Class: a public law's divisions with an inserted division's letter before its section
// (the D.C. Code's history note of § 1-1106.51: `Pub. L. 93-376, title VI-A, § 651`): one
// citation of the law's section, as with any other division read past (was two: the law
// alone, and its section as a short form after it); the law's divisions without a section
// stay outside the citation, as the unitedstates/citation convention of the visible cases
// reads them (`Pub.L. 105-33, title XI` is `Pub. L. 105-33`).
#[test]
fn a_public_laws_lettered_division_before_its_section() {
    let pl = |n: &str| -> (String, String) { ("public_law".into(), n.into()) };
    assert_eq!(
        read("Aug. 14, 1974, 88 Stat. 470, Pub. L. 93-376, title VI-A, § 651"),
        [
            ("stat".into(), "88 Stat. 470".into()),
            pl("Pub. L. 93-376, § 651")
        ]
    );
}

// Class: an act's name in running text without a comma after it (`section 9 of the
// Constitution the Minister may`, Commonwealth drafting): `the` after the name's head noun
// or year, or after the head noun's `of` phrase, begins the clause's subject, which no law's
// name takes (was `Constitution the Minister § 9`). A name whose words go on to its own head
// noun keeps them (`the Uniform Act to Secure the Attendance of Witnesses`, the D.C. Code's
// title 23).
#[test]
fn an_acts_name_ends_before_the_clauses_subject() {
    assert_eq!(
        read(
            "Subject to section 9 of the Constitution the Minister may by notice exempt any person."
        ),
        [act("Constitution § 9")]
    );
    assert_eq!(
        read(
            "Notwithstanding section 3 of the Companies Act 2006 the Registrar shall, and under article 12 of the Constitution of India the State may."
        ),
        [
            act("Companies Act 2006 § 3"),
            act("Constitution of India art. 12")
        ]
    );
    assert_eq!(
        read(
            "The rule is § 1 of the Uniform Act to Secure the Attendance of Witnesses from Without a State in Criminal Proceedings."
        ),
        [act("Uniform Act to Secure the Attendance of Witnesses § 1")]
    );
}

// Class: a C.F.R. part after the chapters above it (`40 C.F.R. Chapter I, Subchapter N,
// Parts 405-471`, the D.C. Code's § 8-105.02): the parts are the citation, the chapter and
// subchapter only locate them (a part's number is unique in its title); a chain without a
// part stays the subchapter cited whole.
#[test]
fn cfr_parts_after_their_chapter_and_subchapter() {
    assert_eq!(
        read(
            "discharged to a POTW by existing or new Industrial Users in specific industrial categories provided in 40 C.F.R. Chapter I, Subchapter N, Parts 405-471."
        ),
        [cfr("40 C.F.R. Part 405 to 471")]
    );
    assert_eq!(
        read(
            "subject to Categorical Pretreatment Standards under 40 C.F.R. § 403.6, and 40 C.F.R. Chapter I, Subchapter N; and"
        ),
        [
            cfr("40 C.F.R. 403.6"),
            cfr("40 C.F.R. chapter I, subchapter N")
        ]
    );
}

// Class: sections numbered within a chapter its code names (`Mass. Gen. Laws ch. 93A, §§
// 1-11`, `G. L. c. 151B, §§ 4-9`): the code numbers sections from 1 in each chapter without
// hyphens, so a hyphen between two sections under `§§` is a range (was one section `1-11`).
#[test]
fn ranges_of_sections_within_a_chapter() {
    assert_eq!(
        read("Consumer protection: Mass. Gen. Laws ch. 93A, §§ 1-11; G. L. c. 151B, §§ 4-9."),
        [
            statute("Mass. Gen. Laws ch. 93A, §§ 1 to 11"),
            statute("Mass. Gen. Laws ch. 151B, §§ 4 to 9")
        ]
    );
}

// Class: the states' and territories' own forms (Bluepages table BT2) read in the D.C.
// Code's notes of interstate compacts: New Hampshire's `RSA` with a chapter lettered after a
// hyphen (`RSA 135-A:1 to 135-A:6`) and its paragraphs in Roman numerals after the section
// (`RSA 358-A:2, I`: the paragraph, never a section `I`); Puerto Rico's and Guam's title
// first (`18 L.P.R.A. §§ 1221 to 1226`, `5 GCA § 32201`); Maine's rules by agency, unit and
// chapter (`06-096 CMR 115`), never Massachusetts's `CMR`.
#[test]
fn own_forms_of_new_hampshire_puerto_rico_guam_and_maines_rules() {
    assert_eq!(
        read("N.H.—RSA 135-A:1 to 135-A:6. N.J.—N.J.S.A. 30:7B-1 to 30:7B-18."),
        [
            statute("N.H. Rev. Stat. Ann. §§ 135-A:1 to 135-A:6"),
            statute("N.J. Stat. Ann. §§ 30:7B-1 to 30:7B-18")
        ]
    );
    assert_eq!(
        read("The practice is unfair under RSA 358-A:2, I, and the court may award damages."),
        [statute("N.H. Rev. Stat. Ann. § 358-A:2")]
    );
    assert_eq!(
        read("Puerto Rico—18 L.P.R.A. §§ 1221 to 1226. Guam—5 GCA § 32201."),
        [
            statute("P.R. Laws Ann. tit. 18, §§ 1221 to 1226"),
            statute("Guam Code Ann. tit. 5, § 32201")
        ]
    );
    assert_eq!(
        read("Emissions are limited by 06-096 CMR 115 and 310 CMR 7.02."),
        [
            ("state_regulation".into(), "Code Me. R. § 06-096-115".into()),
            (
                "state_regulation".into(),
                "Mass. Regs. Code tit. 310, § 7.02".into()
            )
        ]
    );
}

// Class: the Civil Code of Québec by its initials after the article (the McGill Guide rule
// 2.2.2: `art. 1457 C.C.Q.`, `art 1457 CCQ`): the code's article, as named in words (was the
// citing act's EU article).
#[test]
fn articles_of_the_civil_code_of_quebec_by_its_initials() {
    assert_eq!(
        read("Fault is the basis of liability (art. 1457 C.C.Q.; see also art 1458 CCQ)."),
        [
            act("Civil Code of Québec art. 1457"),
            act("Civil Code of Québec art. 1458")
        ]
    );
}

// Class: a rule after an act's name and `and` (the SEC's notices in the Federal Register:
// `Section 19(b)(3)(A) of the Act and Rule 19b–4(f)(6)(iii) thereunder`): `Rule` begins the
// next citation, as `Section` and `Article` do after a connector; the act's name ends before
// it (was `Act and Rule § 19(b)(3)(A)`).
#[test]
fn an_acts_name_ends_before_a_rule_joined_by_and() {
    assert_eq!(
        read(
            "the proposed rule change has become effective pursuant to Section 19(b)(3)(A) of the Securities Exchange Act of 1934 and Rule 19b–4(f)(6)(iii) thereunder."
        ),
        [act("Securities Exchange Act of 1934 § 19(b)(3)(A)")]
    );
    assert_eq!(
        read("The claim arises under Section 10(b) of the Exchange Act and Rule 10b-5 thereunder."),
        [act("Exchange Act § 10(b)")]
    );
}

// Class: a state's code in table T1's abbreviation after the section and a comma, the form
// the Florida Rules of Appellate Procedure prescribe (rule 9.800: `§ 782.04(1)(a), Fla. Stat.
// (2019)`) and a list closed by it: the state's code (was a bare `§ 782.04(1)(a)` of the
// citing document's own code).
#[test]
fn a_states_code_abbreviated_after_the_section() {
    assert_eq!(
        read(
            "The defendant was convicted under § 782.04(1)(a), Fla. Stat. (2019), and sections 775.082 and 775.083, Fla. Stat."
        ),
        [
            statute("Fla. Stat. § 782.04(1)(a)"),
            statute("Fla. Stat. § 775.082"),
            statute("Fla. Stat. § 775.083")
        ]
    );
}

// Class: the divisions table T1 gives two states' constitutions: Vermont's chapters before
// the article (`Vt. Const. ch. I, art. 11`, was the citing act's EU article 11) and Georgia's
// sections and paragraphs in Roman numerals (`Ga. Const. art. I, § I, para. XIII`, was the
// article and a second citation `§ I`).
#[test]
fn chapters_and_roman_sections_of_state_constitutions() {
    let con = |n: &str| -> (String, String) { ("state_constitution".into(), n.into()) };
    assert_eq!(
        read(
            "The search violated Vt. Const. ch. I, art. 11 and Ga. Const. art. I, § I, para. XIII."
        ),
        [
            con("Vt. Const. ch. I, art. XI"),
            con("Ga. Const. art. I, § I, ¶ XIII")
        ]
    );
}

// Class: an act named by an anaphoric determiner other than `that` or `the said` (EUR-Lex
// drafting: `Article 12 of the latter Directive`, `Article 3 of the aforementioned
// Regulation`): the act cited last before it (here the latter of two), not the citing act's
// own article.
#[test]
fn articles_of_the_latter_or_aforementioned_act() {
    let eu = |n: &str| -> (String, String) { ("eu_article".into(), n.into()) };
    assert_eq!(
        read(
            "Directive 2011/83/EU amends Directive 93/13/EEC; Article 12 of the latter Directive and Article 3 of the aforementioned Regulation apply."
        ),
        [
            ("eu_act".into(), "Directive 2011/83/EU".into()),
            ("eu_act".into(), "Directive 93/13/EEC".into()),
            eu("Directive 93/13/EEC Art. 12"),
            eu("Directive 93/13/EEC Art. 3")
        ]
    );
}

// Class: EU acts by their acronyms and short names around the article as commentaries and
// compliance texts write them: before it without a comma (`GDPR Article 6(1)(a)`, `GDPR Art.
// 17`), after it (`Article 50 AI Act`), with a paragraph written `para` without its period
// (`Article 9 para 2 GDPR`); were the citing act's articles. A regulation or directive
// numbered since 2015 without its domain (`Regulation 2016/679`, as OSCOLA leaves it out) is
// the `(EU)` act the Official Journal names.
#[test]
fn eu_acts_by_acronym_around_the_article_and_without_their_domain() {
    let eu = |n: &str| -> (String, String) { ("eu_article".into(), n.into()) };
    assert_eq!(
        read(
            "Consent under GDPR Article 6(1)(a) and erasure under GDPR Art. 17; transparency under Article 50 AI Act and Article 9 para 2 GDPR."
        ),
        [
            eu("Regulation (EU) 2016/679 Art. 6(1)(a)"),
            eu("Regulation (EU) 2016/679 Art. 17"),
            eu("Regulation (EU) 2024/1689 Art. 50"),
            eu("Regulation (EU) 2016/679 Art. 9(2)")
        ]
    );
    assert_eq!(
        read(
            "See Article 28(3)(a) of Regulation 2016/679, Directive 2019/790 and Regulation 1/2003."
        ),
        [
            eu("Regulation (EU) 2016/679 Art. 28(3)(a)"),
            ("eu_act".into(), "Directive (EU) 2019/790".into()),
            ("eu_act".into(), "Regulation 1/2003".into())
        ]
    );
}

// Class: an act by the initials of its short title and its year before the section (OSCOLA
// rule 2.4.1's abbreviation of an act named before: `HRA 1998, s. 6`, `DPA 2018, s 170`):
// the act's section (was a bare `§ 6`); a fiscal year is no act (`FY 2020, section 5`).
#[test]
fn acts_by_their_initials_and_year() {
    assert_eq!(
        read("Public authorities are bound by HRA 1998, s. 6 and controllers by DPA 2018, s 170."),
        [act("HRA 1998 § 6"), act("DPA 2018 § 170")]
    );
    assert_eq!(
        read("In FY 2020, § 3 applies."),
        [("section".into(), "§ 3".into())]
    );
}

// Class: a German law's section or article with its subdivisions in parentheses, as English
// writing on German law numbers them (`§ 823(1) BGB`, `Art. 6(1)(f) DSGVO`, `Art. 3(1) GG`):
// the law book's section, read as its German form `§ 823 Abs. 1 BGB` is (was a bare `§ 823(1)`
// of the citing document, and the GDPR's German name an EU article of the citing act).
#[test]
fn german_sections_with_subdivisions_in_parentheses() {
    let de = |n: &str| -> (String, String) { ("de_statute".into(), n.into()) };
    assert_eq!(
        read(
            "Liability arises under § 823(1) BGB and §§ 823(2), 826 BGB; processing under Art. 6(1)(f) DSGVO; equality under Art. 3(1) GG."
        ),
        [
            de("§ 823 bgb"),
            de("§ 823 bgb"),
            de("§ 826 bgb"),
            de("§ 6 dsgvo"),
            de("§ 3 gg")
        ]
    );
}

// Class: an item or line of a form after the form's name and number (`Form 10-K, Item 7`,
// `Form 1040, line 7`): the form's unit, no provision of law (was `[this provision](7)`);
// an act's schedule before a paragraph keeps it (`Schedule 2, paragraph 3`).
#[test]
fn items_of_a_form_are_no_provisions() {
    assert_eq!(
        read("Form 10-K, Item 7, discusses the results; Form 1040, line 7 reports wages."),
        []
    );
    assert_eq!(
        read("Schedule 2, paragraph 3 applies."),
        [("section".into(), " [this provision](3)".into())]
    );
}

// Class: the articles of Maryland's code by name, as its courts cite them (`Criminal Law
// Article, § 2-201`, `§ 5-101 of the Courts and Judicial Proceedings Article`, `Md. Code,
// Courts and Judicial Proceedings § 5-101`, `Maryland Code, State Government § 10-611`):
// table T1's `Md. Code Ann., Crim. Law` (were bare sections, or the words kept as a code of
// their own). A subject's name alone names no state's code (`Criminal Law § 2-201` stays a
// named act), and a section sign after a character of several bytes is read safely (`INA §
// 101(11). § 237(c)`, the text of the visible case citeurl-012, on which the first version
// panicked).
#[test]
fn articles_of_marylands_code_by_name() {
    assert_eq!(
        read(
            "See Criminal Law Article, § 2-201; § 5-101 of the Courts and Judicial Proceedings Article; Md. Code, Courts and Judicial Proceedings § 5-101; and Maryland Code, State Government § 10-611."
        ),
        [
            statute("Md. Code Ann., Crim. Law § 2-201"),
            statute("Md. Code Ann., Cts. & Jud. Proc. § 5-101"),
            statute("Md. Code Ann., Cts. & Jud. Proc. § 5-101"),
            statute("Md. Code Ann., State Gov't § 10-611")
        ]
    );
    assert_eq!(
        read("Under Criminal Law § 2-201 and INA § 101(11). § 237(c)"),
        [
            act("Criminal Law § 2-201"),
            act("INA § 101(11)"),
            act("INA § 237(c)")
        ]
    );
}

// Class: two phrases whose spans overlap (`§ 20-871(b)(3) of D.C. Official Code §
// 2-1401.01`: the first takes the code's name as its `of` clause, the second starts at that
// name; found by the citations fuzz target): the text's citations follow one another, the
// earlier kept, as the editor's ranges and the index's invariants need.
#[test]
fn citations_of_two_phrases_never_overlap() {
    let found = cite(
        "(d) To comply with § 20-871(b)(3) of D.C. Official Code § 2-1401.01## § 9. Heading",
        None,
    );
    let mut last_end = 0;
    for c in &found {
        assert!(
            c.start >= last_end,
            "{} overlaps the citation before it",
            c.raw
        );
        last_end = c.end;
    }
    assert_eq!(
        found.first().map(|c| c.raw.as_str()),
        Some("§ 20-871(b)(3) of D.C. Official Code")
    );
}

// Class: the divisions of a code named in words after them, cited whole (`Chapter 552 of
// the Government Code`, `Part 2 of Division 3 of the Civil Code`, `Chapter 4 of Title 18 of
// the Government Code`: the states' subject codes, whose titles, divisions and chapters the
// codes' own text cites so), and the divisions of an omnibus act (`title I of division B of
// the Omnibus Appropriations Act, 2009`, the U.S. Code's notes): the named code's or act's
// divisions (were nothing or the citing code's title). A section of an omnibus act's
// division keeps the division with the act, which numbers each division's sections anew
// (`section 2104 of Division A of the Coronavirus Aid, Relief, and Economic Security Act`,
// D.C. Code § 47-1803.02; was a bare section). A compilation of regulations keeps its title (`§ 1605.3(v) of
// Title 20 of the California Code of Regulations`, D.C. Code § 8-1771.03), and the national
// code stays the U.S. Code.
#[test]
fn divisions_of_codes_and_acts_named_in_words_after_them() {
    assert_eq!(
        read(
            "records made confidential by Chapter 552 of the Government Code, Part 2 of Division 3 of the Civil Code or Chapter 4 of Title 18 of the Government Code"
        ),
        [
            act("Government Code ch. 552"),
            act("Civil Code div. 3, pt. 2"),
            act("Government Code tit. 18, ch. 4")
        ]
    );
    assert_eq!(
        read(
            "under section 2104 of Division A of the Coronavirus Aid, Relief, and Economic Security Act, approved March 27, 2020"
        ),
        [act(
            "Division A of the Coronavirus Aid, Relief, and Economic Security Act § 2104"
        )]
    );
    assert_eq!(
        read("as provided in title I of division B of the Omnibus Appropriations Act, 2009"),
        [act("Omnibus Appropriations Act, 2009 div. B, tit. I")]
    );
    assert_eq!(
        read(
            "as defined in § 1605.3(v) of Title 20 of the California Code of Regulations and section 723 of title 44 of the United States Code"
        ),
        [
            (
                "state_regulation".into(),
                "Cal. Code Regs. tit. 20, § 1605.3(v)".into()
            ),
            ("usc".into(), "44 U.S.C. 723".into())
        ]
    );
}

// Class: Texas's statutes' own forms (the Texas Legislative Council's drafting manual): a
// code's divisions innermost first, each after a comma, the code named last (`Subchapter
// C, Chapter 411, Government Code`, `Chapter 2001, Government Code`), and a subsection
// before its section in the same order (`Subsection (b), Section 21.051, Labor Code`, and
// `subsection (b) of section 21.051, Labor Code`): the named code's divisions and
// provisions (were nothing, or the citing provision's `(b)` beside a section). A list of
// levels without a code after it stays a list, and a title of the U.S. Code named by the act
// codified in it is no title of the act.
#[test]
fn texas_codes_divisions_and_subsections_before_the_code() {
    assert_eq!(
        read(
            "A governmental body subject to Subchapter C, Chapter 411, Government Code, or Chapter 2001, Government Code, shall comply."
        ),
        [
            act("Government Code ch. 411, subch. C"),
            act("Government Code ch. 2001")
        ]
    );
    assert_eq!(
        read(
            "Subsection (b), Section 21.051, Labor Code, is amended. Subdivision (1), Subsection (a), Section 411.082, Texas Government Code, and subsection (b) of section 21.051, Labor Code"
        ),
        [
            act("Labor Code § 21.051(b)"),
            statute("Tex. Gov't Code § 411.082(a)(1)"),
            act("Labor Code § 21.051(b)")
        ]
    );
    assert_eq!(read("paragraph (1), subsection (b), section 5").len(), 3);
    assert_eq!(
        read("set out as notes under sections 1401 and 3111 of Title 26, Internal Revenue Code"),
        [
            ("usc".into(), "26 U.S.C. 1401".into()),
            ("usc".into(), "26 U.S.C. 3111".into())
        ]
    );
}

// Class: the Revised Civil Statutes of Texas as Vernon's edition names them (`Article
// 6252-17a, Vernon's Texas Civil Statutes`, `Art. 6252-17a, V.T.C.S.`, `V.T.C.S. art.
// 6252-17a`): table T1's `Tex. Rev. Civ. Stat. Ann.` (were EU articles of the citing act);
// and the revision a Connecticut court cites between the code and its section (`Conn. Gen.
// Stat. (Rev. to 2017) § 53a-54a`, was a bare section).
#[test]
fn texas_civil_statutes_and_a_codes_revision_year() {
    assert_eq!(
        read(
            "under Article 6252-17a, Vernon's Texas Civil Statutes, Art. 4413(37), V.T.C.S., and V.T.C.S. art. 6252-17a"
        ),
        [
            statute("Tex. Rev. Civ. Stat. Ann. art. 6252-17a"),
            statute("Tex. Rev. Civ. Stat. Ann. art. 4413(37)"),
            statute("Tex. Rev. Civ. Stat. Ann. art. 6252-17a")
        ]
    );
    assert_eq!(
        read("in violation of Conn. Gen. Stat. (Rev. to 2017) § 53a-54a"),
        [statute("Conn. Gen. Stat. § 53a-54a")]
    );
}

// Class: a title of a compilation of regulations named after a section's `of` (`section 3
// of title 9 of the New York Codes, Rules and Regulations`, whose name holds a comma): the
// compilation's title (was a named act `the New York Codes title 9`).
#[test]
fn a_compilations_title_in_an_of_clause_with_a_comma_in_its_name() {
    assert_eq!(
        read("as defined in section 3 of title 9 of the New York Codes, Rules and Regulations"),
        [(
            "state_regulation".into(),
            "N.Y. Comp. Codes R. & Regs. tit. 9, § 3".into()
        )]
    );
}

// Class: an act by the initials of its short title and its year after the section (`s 6
// HRA 1998`, `section 170 DPA 2018`; OSCOLA rule 2.4.1's abbreviation, in the order of `s 3
// Human Rights Act 1998`): the act's section (was nothing, or a bare section). A month in
// capitals is no act (`SECTION 4 MAY 2019`).
#[test]
fn an_acts_initials_and_year_after_its_section() {
    assert_eq!(
        read("a breach of s 6 HRA 1998 and of section 170 DPA 2018"),
        [act("HRA 1998 § 6"), act("DPA 2018 § 170")]
    );
    assert_eq!(
        read("SECTION 4 MAY 2019"),
        [("section".into(), "§ 4".into())]
    );
}

// Class: a list of C.F.R. subparts before the part they are of (`Subparts C, D, and E of
// this part`, 27 C.F.R. 70.1; `Subparts I and K of part 40 of this chapter`, 27 C.F.R.
// 46.254): one citation per subpart, none overlapping (the first spanned the whole phrase
// and held the others, against the citations' invariants); the last holds the part.
#[test]
fn a_list_of_subparts_before_its_part_never_overlaps() {
    let found = cite(
        "Subparts C, D, and E of this part provide the procedures, and Subparts I and K of part 40 of this chapter apply.",
        None,
    );
    let raw: Vec<&str> = found.iter().map(|c| c.raw.as_str()).collect();
    assert_eq!(
        raw,
        [
            "Subparts C",
            "D",
            "E of this part",
            "Subparts I",
            "K of part 40 of this chapter"
        ]
    );
    let mut last_end = 0;
    for c in &found {
        assert!(c.start >= last_end, "{} overlaps", c.raw);
        last_end = c.end;
    }
}

// Class: a list item that writes only what follows the previous number's last hyphen (The
// Bluebook, rule 3.3(b): `42 U.S.C. §§ 2000e-2(a)(1), -3(a)`, `D.C. Code §§ 1-101, -102`):
// the section with the previous item's prefix (the item was dropped, the list ending at the
// first number).
#[test]
fn list_items_that_omit_the_previous_numbers_prefix() {
    assert_eq!(
        read("See 42 U.S.C. §§ 2000e-2(a)(1), -3(a), and D.C. Code §§ 1-101, -102."),
        [
            ("usc".into(), "42 U.S.C. 2000e-2(a)(1)".into()),
            ("usc".into(), "42 U.S.C. 2000e-3(a)".into()),
            statute("D.C. Code § 1-101"),
            statute("D.C. Code § 1-102")
        ]
    );
}

// Class: an act's divisions outermost first, each after a comma (`Part 3, Chapter 2 of the
// Companies Act 2006`, `title IV, part D of the Social Security Act`): the whole chain (was
// the innermost division alone).
#[test]
fn an_acts_divisions_outermost_first_after_commas() {
    assert_eq!(
        read(
            "under Part 3, Chapter 2 of the Companies Act 2006 and title IV, part D of the Social Security Act"
        ),
        [
            act("Companies Act 2006 pt. 3, ch. 2"),
            act("Social Security Act tit. IV, pt. D")
        ]
    );
}

// Class: a C.F.R. part and its subpart or appendix after a comma, without the title (`part
// 746, subpart B`, the NCUA's preamble of June 7, 2017; `part 60, subpart A of this
// chapter`): the part's unit, as `subpart B of part 746` reads (was nothing, or a subpart of
// the citing chapter).
#[test]
fn a_cfr_part_then_its_subpart_after_a_comma() {
    let in_part_701 = |text: &str| read_in_cfr(text, "12", "701.21");
    assert_eq!(
        in_part_701(
            "could otherwise be appealed to the Board under part 746, subpart B of this chapter and part 701, subpart A of this chapter"
        ),
        [
            cfr("12 C.F.R. Part 746, subpart B"),
            cfr("12 C.F.R. Part 701, subpart A")
        ]
    );
    assert_eq!(
        in_part_701("under part 746, subpart B"),
        in_part_701("under subpart B of part 746")
    );
}

// Class: a code's name that begins like a constitution's abbreviation (table T1's `N.Y.
// Gen. Constr. Law`, the General Construction Law; was a bare section), and the U.C.C. by
// The Bluebook's abbreviation of a uniform act's name (`Unif. Commercial Code § 2-207`; was
// kept verbatim). `N.Y. Const.` stays the constitution.
#[test]
fn code_names_that_begin_like_a_constitution_and_the_ucc_abbreviated() {
    assert_eq!(
        read(
            "See N.Y. Gen. Constr. Law § 25-a, N.Y. Const. art. VI, § 3, and Unif. Commercial Code § 2-207."
        ),
        [
            statute("N.Y. Gen. Constr. Law § 25-a"),
            (
                "state_constitution".into(),
                "N.Y. Const. art. VI, § 3".into()
            ),
            ("uniform_law".into(), "U.C.C. § 2-207".into())
        ]
    );
}

// Class: the Treaty on European Union and the Treaty on the Functioning of the European
// Union named in full (`Article 263 of the Treaty on the Functioning of the European
// Union`): the treaty by the initials `Article 263 TFEU` cites it with (was the full name,
// another namespace than `TFEU`).
#[test]
fn the_eu_treaties_in_full_are_their_initials() {
    assert_eq!(
        read(
            "under Article 263 of the Treaty on the Functioning of the European Union, Article 267 TFEU and Article 6(3) of the Treaty on European Union"
        ),
        [
            ("eu_article".into(), "TFEU Art. 263".into()),
            ("eu_article".into(), "TFEU Art. 267".into()),
            ("eu_article".into(), "TEU Art. 6(3)".into())
        ]
    );
}

// Class: India's codes by their short titles with the year after a comma, before the
// section (`Indian Penal Code, 1860, s. 302`, `Code of Criminal Procedure, 1973, s. 482`),
// as India's Acts are (`Companies Act, 2013, Section 135`): the code's section, of a named
// act's kind, not a state's (were bare sections; `Indian Penal Code § 302` was a state's).
#[test]
fn indias_codes_with_their_year_before_the_section() {
    assert_eq!(
        read(
            "punishable under Indian Penal Code, 1860, s. 302; see Code of Criminal Procedure, 1973, s. 482 and Indian Penal Code § 302"
        ),
        [
            act("Indian Penal Code, 1860 § 302"),
            act("Code of Criminal Procedure, 1973 § 482"),
            act("Indian Penal Code, 1860 § 302")
        ]
    );
}

// Class: `Id.` with a section after `at` keeps the section's subdivisions (`Id. at §
// 1985(3)`, was `42 U.S.C. 1985`), and `Id.` before a list of sections (`id. §§ 78t, 78u`,
// The Bluebook rule 4.1) is no citation of the last section besides the list's (it gave
// `15 U.S.C. 78j(b)` again); the list's items take the code cited last.
#[test]
fn id_with_a_sections_subdivisions_or_a_list_of_sections() {
    assert_eq!(
        read("See 42 U.S.C. § 1983. Id. at § 1985(3)."),
        [
            ("usc".into(), "42 U.S.C. 1983".into()),
            ("id".into(), "42 U.S.C. 1985(3)".into())
        ]
    );
    assert_eq!(
        read("15 U.S.C. § 78j(b); see also id. §§ 78t, 78u."),
        [
            ("usc".into(), "15 U.S.C. 78j(b)".into()),
            ("usc".into(), "15 U.S.C. 78t".into()),
            ("usc".into(), "15 U.S.C. 78u".into())
        ]
    );
}
