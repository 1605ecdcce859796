package dev.quipu.registry.br;

import dev.quipu.registry.company.CompanyStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The registries' status wording and its normalised reading. */
class RfbSituacaoTest {

    @ParameterizedTest(name = "RFB situação {0} is {1}, {2}")
    @CsvSource({
            "01, NULA, inactive",
            "02, ATIVA, active",
            "2, ATIVA, active",
            "03, SUSPENSA, suspended",
            "04, INAPTA, inactive",
            "08, BAIXADA, dissolved"})
    void rfbSituacaoCodesMapToTheirWordingAndReading(String code, String wording, String normalised) {
        assertEquals(wording, RfbSituacao.wording(code));
        assertEquals(normalised, RfbSituacao.normalise(wording));
    }

    @ParameterizedTest(name = "RFB wording {0} reads unknown")
    @CsvSource({"05", "99"})
    void aSituacaoCodeTheRfbDoesNotUseHasNoWording(String code) {
        assertEquals(null, RfbSituacao.wording(code));
        assertEquals(CompanyStatus.UNKNOWN, RfbSituacao.normalise(null));
    }

    @ParameterizedTest(name = "CVM {0} / {1} is {2}")
    @CsvSource(delimiter = '|', value = {
            "ATIVO | | active",
            "CANCELADA | ELISÃO POR INCORPORAÇÃO | dissolved",
            "CANCELADA | ELISÃO POR LIQUIDAÇÃO | dissolved",
            "CANCELADA | ELISÃO POR EXTINÇÃO DA CIA | dissolved",
            "CANCELADA | INCORPORAÇÃO | dissolved",
            "CANCELADA | Cancelamento Voluntário - IN CVM 480/09 | unknown",
            "CANCELADA | ELISÃO POR TRANSFORMAÇÃO | unknown",
            "SUSPENSO(A) - DECISÃO ADM | | unknown"})
    void cvmSituationsSayLittleOfTheCompanyUnlessItCeased(String sit, String motivo, String normalised) {
        CompanyStatus s = CvmAnswer.status(sit, motivo, null);
        assertEquals(normalised, s.normalised());
        assertEquals(motivo == null ? sit : sit + " (" + motivo + ")", s.registryWording());
    }
}
