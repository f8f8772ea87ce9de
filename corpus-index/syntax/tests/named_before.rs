//! Codes and acts named before their sections, and the sections of public laws, on real
//! sentences of the corpora in `shared/corpora/` (Federal Register issues of 2017, 27
//! C.F.R., the U.S. Code titles, the D.C. Code) and on the forms the states' style manuals
//! prescribe. Each test names its class.

use lexls_syntax::citation::extract;
use lexls_syntax::citation::record::{CitationRecord, records};

fn cite(text: &str) -> Vec<CitationRecord> {
    records(text, &extract(text))
}

/// (kind, text, normalized) of each citation.
fn read(text: &str) -> Vec<(String, String, String)> {
    cite(text)
        .into_iter()
        .map(|c| {
            (
                c.kind.to_string(),
                c.raw,
                c.normalized.unwrap_or_else(|| "null".into()),
            )
        })
        .collect()
}

/// The normalized form of the first citation of `text`.
fn first(text: &str) -> String {
    read(text).swap_remove(0).2
}

fn triple(kind: &str, raw: &str, normalized: &str) -> (String, String, String) {
    (kind.into(), raw.into(), normalized.into())
}

#[test]
fn an_act_named_before_its_section_is_that_acts() {
    // FR 2017-09-29 (FHWA's SNPRM): before, bare sections of the citing document.
    assert_eq!(
        read(
            "This SNPRM contains proposals satisfying the rulemaking requirements in FAST Act sections 1304(k) and 11503, and addresses changes to 23 U.S.C. 139"
        ),
        [
            triple(
                "named_act",
                "FAST Act sections 1304(k)",
                "FAST Act § 1304(k)"
            ),
            triple("named_act", "11503", "FAST Act § 11503"),
            triple("usc", "23 U.S.C. 139", "23 U.S.C. 139"),
        ]
    );
    // FR 2017-09-29 (EPA): the act's name with a later list item.
    assert_eq!(
        read("A description of Clean Air Act section 110(a)(1) and (2) infrastructure SIPs"),
        [
            triple(
                "named_act",
                "Clean Air Act section 110(a)(1)",
                "Clean Air Act § 110(a)(1)"
            ),
            triple("named_act", "(2)", "Clean Air Act § 110(a)(2)"),
        ]
    );
    // FR 2017-10-03 (NIOSH): an act's year and a comma, `&` inside the name.
    assert_eq!(
        read(
            "The Federal Mine Safety & Health Act of 1977, Section 501 authorizes the collection of this data."
        ),
        [triple(
            "named_act",
            "Federal Mine Safety & Health Act of 1977, Section 501",
            "Federal Mine Safety & Health Act of 1977 § 501"
        )]
    );
    // The Bluebook's form of a named act beside its codification (rule 12.2.1).
    assert_eq!(
        read("National Environmental Policy Act of 1969 § 102, 42 U.S.C. § 4332 (2018)"),
        [
            triple(
                "named_act",
                "National Environmental Policy Act of 1969 § 102",
                "National Environmental Policy Act of 1969 § 102"
            ),
            triple("usc", "42 U.S.C. § 4332 (2018)", "42 U.S.C. 4332"),
        ]
    );
}

/// Class: an act's name ends with its last year (the D.C. Code's notes, whose session law
/// follows the name without its parentheses once the markup is read past); an amending act
/// named after the act it amends keeps the whole name.
#[test]
fn an_acts_name_ends_with_its_year() {
    assert_eq!(
        read(
            "For temporary (225 days) amendment of section, see § 2(b) of the Protecting Pregnant Workers Fairness Temporary Amendment Act of 2016  D.C. Law 21-103, April 20, 2016, 63 DCR 3654, 20 DCSTAT 3147)."
        ),
        [
            triple(
                "named_act",
                "§ 2(b) of the Protecting Pregnant Workers Fairness Temporary Amendment Act of 2016",
                "Protecting Pregnant Workers Fairness Temporary Amendment Act of 2016 § 2(b)"
            ),
            triple("dc_law", "D.C. Law 21-103", "D.C. Law 21-103"),
            triple("register", "63 DCR 3654", "63 D.C. Reg. 3654"),
            triple("dc_stat", "20 DCSTAT 3147", "20 DC Stat. 3147")
        ]
    );
    assert_eq!(
        first(
            "see § 2(a) of the Mortgage Lender and Broker Act of 1996 Emergency Amendment Act of 1997 (D.C. Act 12-57)"
        ),
        "Mortgage Lender and Broker Act of 1996 Emergency Amendment Act of 1997 § 2(a)"
    );
}

#[test]
fn a_sentences_first_words_and_a_division_are_no_part_of_the_name() {
    assert_eq!(
        read("Under the Fair Housing Act § 804 a landlord may not refuse to rent."),
        [triple(
            "named_act",
            "Fair Housing Act § 804",
            "Fair Housing Act § 804"
        )]
    );
    assert_eq!(
        read("Title VII of the Civil Rights Act of 1964 § 703 bars it."),
        [triple(
            "named_act",
            "Civil Rights Act of 1964 § 703",
            "Civil Rights Act of 1964 § 703"
        )]
    );
    // No name: the citing act, a generic code, an act and a comma without its year.
    for text in [
        "This Act § 5 applies.",
        "under the Official Code § 22-3010 as enacted",
        "as amended by the Privacy Act, § 552a applies",
    ] {
        let kinds: Vec<String> = read(text).into_iter().map(|c| c.0).collect();
        assert_eq!(kinds, ["section"], "{text}");
    }
}

#[test]
fn the_states_subject_codes_named_in_words() {
    // New York's official style, California's and Texas's; with the state, The Bluebook's
    // abbreviations (table T1).
    let cases = [
        ("Executive Law § 296", "named_act", "Executive Law § 296"),
        ("Labor Law § 240 (1)", "named_act", "Labor Law § 240(1)"),
        ("Penal Code section 187", "named_act", "Penal Code § 187"),
        (
            "Texas Government Code § 552.101",
            "state_statute",
            "Tex. Gov't Code § 552.101",
        ),
        (
            "New York General Business Law § 349",
            "state_statute",
            "N.Y. Gen. Bus. Law § 349",
        ),
        (
            "California Civil Code section 1798.100",
            "state_statute",
            "Cal. Civ. Code § 1798.100",
        ),
        (
            "Cal. Civ. Code section 1798.100",
            "state_statute",
            "Cal. Civ. Code § 1798.100",
        ),
        (
            "Maryland Code, Commercial Law § 13-301",
            "state_statute",
            "Md. Code Ann., Com. Law § 13-301",
        ),
        (
            "Massachusetts General Laws chapter 93A, section 2",
            "state_statute",
            "Mass. Gen. Laws ch. 93A, § 2",
        ),
        (
            "Delaware Code title 6, § 2513",
            "state_statute",
            "Del. Code tit. 6, § 2513",
        ),
        (
            "Revised Code of Washington 19.86.020",
            "state_statute",
            "Wash. Rev. Code § 19.86.020",
        ),
        ("IC 24-5-0.5-3", "state_statute", "Ind. Code § 24-5-0.5-3"),
        (
            "Evid. Code, § 1101, subd. (b)",
            "state_statute",
            "Cal. Evid. Code § 1101(b)",
        ),
        ("IRC section 501(c)(3)", "named_act", "I.R.C. § 501(c)(3)"),
        ("IRC 162(m)", "named_act", "I.R.C. § 162(m)"),
        (
            "the Uniform Commercial Code § 2-207",
            "uniform_law",
            "U.C.C. § 2-207",
        ),
    ];
    for (form, kind, normalized) in cases {
        let text = format!("As provided in {form}, the employer shall report.");
        let found = read(&text);
        assert_eq!(found.len(), 1, "{form}: {found:?}");
        assert_eq!(
            (found[0].0.as_str(), found[0].2.as_str()),
            (kind, normalized),
            "{form}"
        );
        assert!(form.ends_with(&found[0].1), "{form}: {found:?}");
    }
}

#[test]
fn the_d_c_codes_own_name_before_its_section_word() {
    // D.C. Code § 9-1111.01 and 38-1804.03 (notes of the Council's orders).
    assert_eq!(
        read("as provided in D.C. Official Code, sec. 38-1804.03(b), the Mayor"),
        [triple(
            "state_statute",
            "D.C. Official Code, sec. 38-1804.03(b)",
            "D.C. Code § 38-1804.03(b)"
        )]
    );
    // D.C. Code § 9-1109.11: a D.C. Code list after a U.S. Code list is the D.C. Code's.
    let found = read(
        "Pursuant to the requirements of 31 U.S.C. §§ 1341, 1342, 1349 to 1351, and 1511 to 1519, and D.C. Official Code §§ 47-105 and 47-355.01 to 355.08",
    );
    let dc: Vec<&str> = found
        .iter()
        .filter(|c| c.2.starts_with("D.C."))
        .map(|c| c.2.as_str())
        .collect();
    assert_eq!(
        dc,
        ["D.C. Code § 47-105", "D.C. Code §§ 47-355.01 to 355.08"]
    );
}

#[test]
fn a_section_of_a_public_law_through_its_title_or_in_an_authority_citation() {
    // 35 U.S.C. § 271, References in Text.
    assert_eq!(
        read("is section 9006 of title IX of Pub. L. 100–418 , which is set out as a note"),
        [triple(
            "public_law",
            "section 9006 of title IX of Pub. L. 100–418",
            "Pub. L. 100-418, § 9006"
        )]
    );
    // 27 C.F.R. part 45, an authority citation.
    assert_eq!(
        read("(Sec. 201, Pub. L. 85–859 , 72 Stat 1415, as amended)")[0],
        triple(
            "public_law",
            "Sec. 201, Pub. L. 85–859",
            "Pub. L. 85-859, § 201"
        )
    );
    // 44 U.S.C., Prior Provisions: a former section of the title, then the credit of the
    // law that enacted it. The law's own section follows it when it has one (17 U.S.C.).
    assert_eq!(
        read("Prior Provisions  A prior section 2902,  Pub. L. 90–620 ,  Oct. 22, 1968")[..2],
        [
            triple("section", "section 2902", "§ 2902"),
            triple("public_law", "Pub. L. 90–620", "Pub. L. 90-620"),
        ]
    );
    assert_eq!(
        read("A prior section 116,  Pub. L. 94–553, title I, §\u{202f}101 ,  Oct. 19, 1976")[1],
        triple(
            "public_law",
            "Pub. L. 94–553, title I, §\u{202f}101",
            "Pub. L. 94-553, § 101"
        )
    );
    // The section after the law with its word spelled out, as prose writes it (D.C. Code §
    // 1-1501.02's note, a reorganization order); not when an `of` clause makes it another
    // document's.
    assert_eq!(
        read(
            "Pursuant to the provisions of Public Law 93-198, section 713, all positions and personnel transferred herein"
        )[0],
        triple(
            "public_law",
            "Public Law 93-198, section 713",
            "Pub. L. 93-198, § 713"
        )
    );
    assert_eq!(
        read("as amended by Public Law 101-336, section 2 of this Act requires")[0],
        triple("public_law", "Public Law 101-336", "Pub. L. 101-336")
    );
    // 17 U.S.C. § 101 note and 41 U.S.C.: an em dash in the number, an en quad in `Pub. L.`.
    assert_eq!(
        first("is section 2(a)(1) of Pub. L. 106—379, which amended par. (2)"),
        "Pub. L. 106-379, § 2(a)(1)"
    );
    assert_eq!(
        first("Definitions for Purposes of Section 808 of Pub.\u{2000}L.\u{2000}105–85"),
        "Pub. L. 105-85, § 808"
    );
}

#[test]
fn an_articles_paragraph_after_a_comma_and_a_body_named_after_an_article() {
    // FR 2017-06-07 (DEA): the Single Convention's article and paragraph.
    assert_eq!(
        read("in accordance with article 3, paragraph 7 of the Convention, as a signatory"),
        [triple(
            "named_act",
            "article 3, paragraph 7 of the Convention",
            "Convention art. 3(7)"
        )]
    );
    // 14 U.S.C. § 509: paragraphs of the citing section after a comma are a list, not a
    // paragraph of the first.
    let found = read("under paragraph (3), paragraph (1) shall not apply");
    assert_eq!(found.len(), 2, "{found:?}");
    // The Working Party of Directive 95/46/EC's Article 29 is no citation of an article.
    assert!(read("The Article 29 Data Protection Working Party issued guidelines.").is_empty());
    assert!(read("the Article 29 Working Party said").is_empty());
}

#[test]
fn a_cfr_subpart_inserted_after_another_keeps_its_lower_case_letter() {
    // 40 C.F.R. part 60 holds subparts Da, Db, Kb, OOOOa.
    assert_eq!(
        first("sources subject to 40 CFR part 60, subpart OOOOa, must report"),
        "40 C.F.R. Part 60, subpart OOOOa"
    );
    assert_eq!(
        first("under 40 C.F.R. pt. 60, subpt. Da, the owner"),
        "40 C.F.R. Part 60, subpart Da"
    );
}

#[test]
fn an_act_by_its_initials_before_the_section_word() {
    // FR 2017-10-03 (EPA): the act's initials, its section, and the U.S. Code section
    // beside it.
    assert_eq!(
        read(
            "Pursuant to the provisions of FIFRA section 3(c)(4) ( 7 U.S.C. 136a(c)(4) ), EPA is hereby providing notice"
        ),
        [
            triple("named_act", "FIFRA section 3(c)(4)", "FIFRA § 3(c)(4)"),
            triple("usc", "7 U.S.C. 136a(c)(4)", "7 U.S.C. 136a(c)(4)"),
        ]
    );
    assert_eq!(
        read("the exemptions authorized by TSCA section 5(h)(1), (h)(2), (h)(3), and (h)(5), and the regulations")
            .into_iter()
            .map(|c| c.2)
            .collect::<Vec<_>>(),
        ["TSCA § 5(h)(1)", "TSCA § 5(h)(2)", "TSCA § 5(h)(3)", "TSCA § 5(h)(5)"]
    );
    // A division's Roman numeral is no act's initials.
    assert_eq!(
        read("Title VII section 703 bars it.")[0],
        triple("section", "section 703", "§ 703")
    );
}

#[test]
fn the_states_own_forms_of_their_administrative_codes() {
    // FR 2017-09-29 (EPA's approval of Maryland's plan).
    assert_eq!(
        read(
            "Maryland has not changed these major stationary source threshold provisions in COMAR 26.11.17.01(17), so they remain"
        ),
        [triple(
            "state_regulation",
            "COMAR 26.11.17.01(17)",
            "Md. Code Regs. 26.11.17.01(17)"
        )]
    );
    // Bluepages table BT2: the same names as the forms of table T1.
    let cases = [
        (
            "12 NYCRR 23-1.7",
            "N.Y. Comp. Codes R. & Regs. tit. 12, § 23-1.7",
        ),
        ("30 TAC § 101.1", "Tex. Admin. Code tit. 30, § 101.1"),
        ("N.J.A.C. 7:26-1.1", "N.J. Admin. Code § 7:26-1.1"),
        ("WAC 173-303-040", "Wash. Admin. Code § 173-303-040"),
        ("OAR 340-200-0010", "Or. Admin. R. 340-200-0010"),
        ("IDAPA 58.01.02", "Idaho Admin. Code r. 58.01.02"),
        ("310 CMR 7.00", "Mass. Regs. Code tit. 310, § 7.00"),
    ];
    for (form, normalized) in cases {
        let found = read(&format!(
            "As provided in {form}, the employer shall report."
        ));
        assert_eq!(
            found,
            [triple("state_regulation", form, normalized)],
            "{form}"
        );
    }
}

#[test]
fn a_section_of_an_act_by_its_initials_after_of() {
    // FR 2017-06-07 (HHS).
    assert_eq!(
        read(
            "Head Start, State-funded prekindergarten, Part C and Part B section 619 of IDEA, home visiting"
        ),
        [triple("named_act", "section 619 of IDEA", "IDEA § 619")]
    );
    // An agency's regulations, a numbered directive or act: not an act by its initials.
    assert_eq!(
        read("Procedures governing this review are in § 701.14 of NCUA's regulations.")[0].1,
        "§ 701.14"
    );
    assert_eq!(
        read("the new law (section 701 of NDAA–17) that establishes")[0],
        triple("section", "section 701", "§ 701")
    );
}

#[test]
fn an_act_by_date_with_the_month_spelled_out_and_its_section() {
    // 41 U.S.C. (the OLRC's markup: `/us/act/1940-11-26/ch919/tI/s1`).
    let found = read(
        "issued by the President pursuant to the Act of November 26, 1940, ch. 919, title I, § 1, 54 Stat. 1211",
    );
    assert_eq!(
        found[..2],
        [
            triple(
                "named_act",
                "Act of November 26, 1940, ch. 919",
                "Act of Nov. 26, 1940, ch. 919"
            ),
            triple("named_act", "§ 1", "Act of Nov. 26, 1940, ch. 919, § 1"),
        ]
    );
}

#[test]
fn the_title_written_before_a_section_of_the_united_states_code() {
    assert_eq!(
        read("As provided in Title 5, Section 552 of the United States Code, the agency"),
        [triple(
            "usc",
            "Title 5, Section 552 of the United States Code",
            "5 U.S.C. 552"
        )]
    );
    assert_eq!(
        first("under Title 5 of the U.S. Code, Section 552, the agency"),
        "5 U.S.C. 552"
    );
    assert_eq!(
        first("Title 29, section 1910.134 of the Code of Federal Regulations requires"),
        "29 C.F.R. 1910.134"
    );
}

#[test]
fn a_redundant_section_word_before_a_codes_citation_and_an_order_named_with_the() {
    // FR 2017-09-29 (a grant's terms).
    assert_eq!(
        read(
            "Direct Costs, as described in section 2 CFR 200.413 of the Uniform Requirements, which are incurred"
        ),
        [triple("cfr", "section 2 CFR 200.413", "2 C.F.R. 200.413")]
    );
    assert_eq!(
        read("a significant rule under section 3(f)(1) of the Executive Order 12866. Therefore")[0],
        triple(
            "executive_order",
            "section 3(f)(1) of the Executive Order 12866",
            "Exec. Order No. 12866, § 3(f)(1)"
        )
    );
    // FR 2017-10-03 (MSHA): the title before a code's initials.
    assert_eq!(
        read("as provided in Title 30, CFR Sections 48.3 and 48.23, the operator")
            .into_iter()
            .map(|c| c.2)
            .collect::<Vec<_>>(),
        ["30 C.F.R. 48.3", "30 C.F.R. 48.23"]
    );
    // The acquisition regulations by their own names (48 C.F.R. chapters 1 and 2).
    assert_eq!(
        read("The contractor shall comply with FAR 52.212-4(c) and DFARS 252.204-7012.")
            .into_iter()
            .map(|c| c.2)
            .collect::<Vec<_>>(),
        ["48 C.F.R. 52.212-4(c)", "48 C.F.R. 252.204-7012"]
    );
}

#[test]
fn the_sections_of_a_public_law_listed_before_it_and_a_volume_of_statutes_without_its_period() {
    // 14 U.S.C. notes: each item of the list is a section of the law named after it.
    assert_eq!(
        read("section 5(a), (b), and (d) of Pub. L. 88–130 were repealed")
            .into_iter()
            .map(|c| c.2)
            .collect::<Vec<_>>(),
        [
            "Pub. L. 88-130, § 5(a)",
            "Pub. L. 88-130, § 5(b)",
            "Pub. L. 88-130, § 5(d)"
        ]
    );
    // 27 C.F.R. authority citations write `72 Stat 1415`.
    assert_eq!(
        read("(Sec. 201, Pub. L. 85–859 , 72 Stat 1415, as amended)")[1],
        triple("stat", "72 Stat 1415", "72 Stat. 1415")
    );
}

#[test]
fn a_codes_title_section_number_after_an_acts_name_is_the_codes() {
    // D.C. Code § 1-1508.01 (a reorganization order): the act, then its codification.
    let text = "the District of Columbia Government Comprehensive Merit Personnel Act of 1978, §§ 1-611.1 and 1-611.2";
    let kinds: Vec<String> = read(text).into_iter().map(|c| c.0).collect();
    assert!(!kinds.iter().any(|k| k == "named_act"), "{kinds:?}");
    // An act's own section is numbered plainly.
    assert_eq!(
        first("the Federal Mine Safety & Health Act of 1977, § 501 authorizes"),
        "Federal Mine Safety & Health Act of 1977 § 501"
    );
}

#[test]
fn initials_the_document_defines_as_an_agency_are_no_acts() {
    // FR 2017-10-03 (BOEM's notice): the Corps administers the Clean Water Act's section
    // 404; "USACE" is no act. Before, a section 404 of an act named "USACE".
    let text = "the permitting process for authorized U.S. Army Corps of Engineers (USACE) \
                civil works projects, through the USACE Section 404 permitting process, where \
                applicable";
    assert!(
        read(text).iter().all(|(kind, _, _)| kind != "named_act"),
        "{:?}",
        read(text)
    );
    let text = "the Federal Highway Administration (FHWA) issued guidance; FHWA section 4(f) \
                requires";
    assert!(
        read(text).iter().all(|(kind, _, _)| kind != "named_act"),
        "{:?}",
        read(text)
    );
}

#[test]
fn initials_the_document_defines_as_an_act_stay_acts() {
    // FR 2017-09-29 (EPA's infrastructure SIPs): the definition names an act, with or
    // without its year and `as amended`.
    for definition in [
        "the Clean Air Act (CAA)",
        "the Clean Air Act of 1970 (CAA)",
        "the Clean Air Act, as amended (CAA)",
    ] {
        let text = format!("{definition} applies. CAA section 110(a)(2) requires a plan.");
        assert!(
            read(&text)
                .iter()
                .any(|(kind, raw, _)| kind == "named_act" && raw.starts_with("CAA section 110")),
            "{definition}: {:?}",
            read(&text)
        );
    }
}

#[test]
fn the_states_administrative_codes_numbered_title_first_in_their_own_forms() {
    // FR 2017-09-29 and 2017-10-03 (EPA's approvals of state plans), and the forms of the
    // California, Colorado and Virginia registers.
    assert_eq!(
        read(
            "EPA is finalizing the incorporation by reference of North Carolina Rules 15A NCAC 02Q .0809 entitled"
        ),
        [triple(
            "state_regulation",
            "15A NCAC 02Q .0809",
            "15A N.C. Admin. Code 2Q.0809"
        )]
    );
    assert_eq!(
        first("other portions of 13 CCR 2485 were subject to a CAA section 209 waiver"),
        "Cal. Code Regs. tit. 13, § 2485"
    );
    assert_eq!(first("22 CCR § 12000"), "Cal. Code Regs. tit. 22, § 12000");
    assert_eq!(first("5 CCR 1001-14"), "5 Colo. Code Regs. § 1001-14");
    assert_eq!(first("9VAC5-40-10"), "9 Va. Admin. Code § 5-40-10");
    assert_eq!(first("9 VAC 5-40-10"), "9 Va. Admin. Code § 5-40-10");
    // Kentucky's, Indiana's, Iowa's and Missouri's title-first forms, and the forms that
    // name the code before a number of its own shape (Arizona, Ohio, Montana).
    for (form, normalized) in [
        ("401 KAR 51:017", "401 Ky. Admin. Regs. 51:017"),
        ("326 IAC 2-2-1", "326 Ind. Admin. Code 2-2-1"),
        ("567 IAC 22.1", "Iowa Admin. Code r. 567-22.1"),
        ("10 CSR 10-6.060", "Mo. Code Regs. Ann. tit. 10, § 10-6.060"),
        ("A.A.C. R18-2-101", "Ariz. Admin. Code § R18-2-101"),
        ("Ohio Adm.Code 3745-31-01", "Ohio Admin. Code 3745-31-01"),
        ("ARM 17.8.101", "Mont. Admin. R. 17.8.101"),
        // `Code R.` ends a name as `Admin. R.` does (table T1: the codes of rules).
        ("R.I. Code R. 25-4-10:1", "R.I. Code R. 25-4-10:1"),
        ("W. Va. Code R. 45-13-1", "W. Va. Code R. 45-13-1"),
    ] {
        assert_eq!(
            read(&format!("as required by {form}, the source")),
            [triple("state_regulation", form, normalized)]
        );
    }
}

#[test]
fn public_laws_designated_in_the_plural() {
    // The Bluebook's `Pub. L. Nos.` and the OLRC's `Public Laws … and …` (17 U.S.C. 304,
    // a note): one citation a law.
    assert_eq!(
        read(
            "[Under Public Laws 87–668, 89–142, 91–555, and 93–573, copyrights that were subsisting"
        ),
        [
            triple("public_law", "Public Laws 87–668", "Pub. L. 87-668"),
            triple("public_law", "89–142", "Pub. L. 89-142"),
            triple("public_law", "91–555", "Pub. L. 91-555"),
            triple("public_law", "93–573", "Pub. L. 93-573"),
        ]
    );
    assert_eq!(
        read("See Pub. L. Nos. 111-148, 111-152."),
        [
            triple("public_law", "Pub. L. Nos. 111-148", "Pub. L. 111-148"),
            triple("public_law", "111-152", "Pub. L. 111-152"),
        ]
    );
}

#[test]
fn a_parenthesis_inside_an_acts_name_is_part_of_it() {
    // AILA 2019 statutes, S82 (the Industrial Disputes Act, 1947, s. 2): before, an act named
    // `Banking Companies`. The year after the comma is the short title's.
    assert_eq!(
        read(
            "any corresponding new bank constituted under section 3 of the Banking Companies (Acquisition and Transfer of Undertakings) Act, 1970 (5 of 1970), so, however,"
        )[0],
        triple(
            "named_act",
            "section 3 of the Banking Companies (Acquisition and Transfer of Undertakings) Act, 1970",
            "Banking Companies (Acquisition and Transfer of Undertakings) Act, 1970 § 3"
        )
    );
    // The United Kingdom's short titles (OSCOLA rule 2.1), the name after and before the
    // section.
    assert_eq!(
        first("under section 2(1) of the European Union (Withdrawal) Act 2018 retained law"),
        "European Union (Withdrawal) Act 2018 § 2(1)"
    );
    assert_eq!(
        first("See Local Government (Miscellaneous Provisions) Act 1976, s. 19."),
        "Local Government (Miscellaneous Provisions) Act 1976 § 19"
    );
    // The number of a second act of the same name and year (OSCOLA rule 2.1's short titles
    // `Finance (No. 2) Act 2017`), after and before the section.
    assert_eq!(
        first("as amended by section 5 of the Finance (No. 2) Act 2017, the charge"),
        "Finance (No. 2) Act 2017 § 5"
    );
    assert_eq!(
        first("See Finance (No. 2) Act 2017, s 5(1)."),
        "Finance (No. 2) Act 2017 § 5(1)"
    );
    // Initials the drafter defines inside the name are no part of it (FR 2017-06-07).
    assert_eq!(
        first("as defined in section 340H of the Public Health Service (PHS) Act"),
        "Public Health Service Act § 340H"
    );
    // A Restatement's parenthesis names no act; the Restatement is its sections' own
    // (The Bluebook, rule 12.9.4), not the citing code.
    assert_eq!(
        read("Restatement (Second) of Torts § 402A"),
        [triple(
            "uniform_law",
            "Restatement (Second) of Torts § 402A",
            "Restatement (Second) of Torts § 402A"
        )]
    );
}

#[test]
fn the_commonwealths_section_abbreviation_without_its_period() {
    // OSCOLA (4th ed., rule 2.1): `Human Rights Act 1998, s 15(1)(b)`; the AGLC (4th ed.,
    // rule 3.1): the jurisdiction after the year, no comma (`Privacy Act 1988 (Cth) s 6`).
    assert_eq!(
        read("Human Rights Act 1998, s 15(1)(b) applies."),
        [triple(
            "named_act",
            "Human Rights Act 1998, s 15(1)(b)",
            "Human Rights Act 1998 § 15(1)(b)"
        )]
    );
    assert_eq!(
        read("Crimes Act 1900 (NSW) s 4 and s 5"),
        [
            triple(
                "named_act",
                "Crimes Act 1900 (NSW) s 4",
                "Crimes Act 1900 § 4"
            ),
            triple("named_act", "s 5", "Crimes Act 1900 § 5"),
        ]
    );
    // The act named after the section.
    assert_eq!(
        first("a breach of s 6 of the Privacy Act 1988 by the agency"),
        "Privacy Act 1988 § 6"
    );
    // Elsewhere `s` and a number are a possessive's or a plural's: nothing; an act without
    // its year takes no `s 6` either.
    for text in [
        "The company's 3 subsidiaries and the Public Printer’s 1 copy",
        "the Fair Housing Act s 804",
        "as in s 6 above",
    ] {
        assert_eq!(read(text), [], "{text}");
    }
}

#[test]
fn a_section_through_a_title_of_an_act_is_the_acts() {
    // D.C. Code § 11-1742a(a): before, a bare `section 303L` of the D.C. Code.
    assert_eq!(
        read(
            "such a contract under section 303L of title III of the Federal Property and Administrative Services Act of 1949 (41 U.S.C. 253l)."
        ),
        [
            triple(
                "named_act",
                "section 303L of title III of the Federal Property and Administrative Services Act of 1949",
                "Federal Property and Administrative Services Act of 1949 § 303L"
            ),
            triple("usc", "41 U.S.C. 253l", "41 U.S.C. 253l"),
        ]
    );
    // A subsection, through a part and a title.
    assert_eq!(
        first("subsection (b) of section 1811 of part A of title XVIII of the Social Security Act"),
        "Social Security Act § 1811(b)"
    );
    // An omnibus act numbers each division's sections anew: the division stays in the name
    // (FR 2017-09-29).
    assert_eq!(
        first("Section 743 of Division C of the Consolidated Appropriations Act of 2010"),
        "Division C of the Consolidated Appropriations Act of 2010 § 743"
    );
}

/// Class: an act's titles, subtitles and parts cited whole, without a section (the U.S.
/// Code's notes and the D.C. Code: `Title II of the Social Security Act`, `part B of title IV
/// of the Higher Education Act of 1965`): the act, with the chain outermost first. A bare
/// section after one is not the act's (the OLRC's classification notes), a section named
/// after it is (one citation), a code's citation after it is the citation (The Bluebook,
/// rule 12.2.1), and `the Act` alone names no act.
#[test]
fn an_acts_divisions_cited_whole() {
    // 14 U.S.C., notes: the act's title, then the subchapter of title 42 that classifies it.
    assert_eq!(
        read(
            "Title II of the Social Security Act is classified generally to subchapter II (§\u{202f}401 et seq.) of chapter 7 of Title 42"
        )[..2],
        [
            triple(
                "named_act",
                "Title II of the Social Security Act",
                "Social Security Act tit. II"
            ),
            triple("section", "§\u{202f}401 et seq.", "§ 401 et seq.")
        ]
    );
    // The D.C. Code (definitions of an independent agency).
    assert_eq!(
        first(
            "Any independent agency of the District of Columbia established under part F of title IV of the District of Columbia Home Rule Act;"
        ),
        "District of Columbia Home Rule Act tit. IV, pt. F"
    );
    // The U.S. Code's student-loan provisions: the act's name labels the code's citation.
    assert_eq!(
        read(
            "(A) any loan made, insured, or guaranteed under part B of title IV of the Higher Education Act of 1965 (20 U.S.C. 1071 et seq.)"
        ),
        [triple(
            "usc",
            "20 U.S.C. 1071 et seq.",
            "20 U.S.C. 1071 et seq."
        )]
    );
    // The D.C. Code: a title designated with a letter after its numeral.
    assert_eq!(
        first("the child support enforcement program under Title IV-D of the Social Security Act"),
        "Social Security Act tit. IV-D"
    );
    assert!(read("as required by part A of the Act.").is_empty());
    assert!(read("under part B of the plan approved by the Mayor").is_empty());
    // An act whose name is a series of words (`Federal Food, Drug, and Cosmetic Act`).
    assert_eq!(
        first("a drug approved under chapter V of the Federal Food, Drug, and Cosmetic Act"),
        "Federal Food, Drug, and Cosmetic Act ch. V"
    );
    assert_eq!(
        first(
            "an application under section 505(j) of chapter V of the Federal Food, Drug, and Cosmetic Act"
        ),
        "Federal Food, Drug, and Cosmetic Act § 505(j)"
    );
}

/// Class: a preposition between two capitalised words of an act's name (`the Individuals
/// with Disabilities Education Act`, the D.C. Council's `Protecting Businesses and Workers
/// from COVID-19 … Act of 2020`), and initials inside it (`the Saving D.C. Homes From
/// Foreclosure Act`); the name of no act ends before the preposition.
#[test]
fn a_preposition_inside_an_acts_name() {
    // 20 U.S.C. (the U.S. Code titles of the shared corpora).
    assert_eq!(
        read(
            "copies of the electronic files described in sections 612(a)(23)(C), 613(a)(6), and section 674(e) of the Individuals with Disabilities Education Act that contain"
        )
        .into_iter()
        .map(|(_, _, n)| n)
        .collect::<Vec<_>>(),
        [
            "Individuals with Disabilities Education Act § 612(a)(23)(C)",
            "Individuals with Disabilities Education Act § 613(a)(6)",
            "Individuals with Disabilities Education Act § 674(e)"
        ]
    );
    assert_eq!(
        read(
            "For temporary (90 day) amendment of this section, see § 2(b) of the Saving D.C. Homes From Foreclosure Emergency Amendment Act of 2011 (D.C. Act 19-115)."
        )[1],
        triple(
            "named_act",
            "§ 2(b) of the Saving D.C. Homes From Foreclosure Emergency Amendment Act of 2011",
            "Saving D.C. Homes From Foreclosure Emergency Amendment Act of 2011 § 2(b)"
        )
    );
    // FR 2017 (National Park Service): `with` joins no name here.
    assert_eq!(
        read("in accordance with section 7 of the Act and with NPS's approval"),
        [triple("section", "section 7 of the Act", "§ 7")]
    );
}
