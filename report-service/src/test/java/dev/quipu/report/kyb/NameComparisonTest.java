package dev.quipu.report.kyb;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** name_matches: the caller's name against the registry's, legal forms, accents and punctuation aside. */
class NameComparisonTest {

    @Test
    void theSameNameWithAnotherLegalFormSpellingPasses() {
        assertEquals("pass", NameComparison.check("Ecopetrol S.A.", "ECOPETROL S.A").result());
        assertEquals("pass", NameComparison.check("Geodal Asociados SA de CV", "GEODAL ASOCIADOS, S.A. DE C.V.").result());
    }

    @Test
    void accentsAndCaseDoNotMatter() {
        assertEquals("pass", NameComparison.check("Companhia Siderúrgica Nacional", "CIA SIDERURGICA NACIONAL").result());
    }

    @Test
    void aPartlySharedNameIsForReview() {
        assertEquals("review", NameComparison.check("Banco do Brasil Seguros", "BANCO DO BRASIL S.A.").result());
    }

    @Test
    void anotherNameFails() {
        assertEquals("fail", NameComparison.check("Petrobras", "ECOPETROL S.A").result());
    }

    @Test
    void withoutARegistryNameThereIsNothingToCompare() {
        assertEquals("not_applicable", NameComparison.check("Petrobras", null).result());
    }
}
