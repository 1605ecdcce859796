package dev.quipu.rates.sources;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UpstreamValuesTest {

    @ParameterizedTest
    @ValueSource(strings = {"N/E", "ND", "n.d.", "", "  ", "NaN", "-"})
    void noDataMarkersAreNoValue(String marker) {
        assertTrue(UpstreamValues.decimal(marker).isEmpty());
    }

    @Test
    void stringNumbersKeepTheirPrecisionAndLoseThousandsSeparators() {
        assertEquals(new BigDecimal("1234.50"), UpstreamValues.decimal("1,234.50").orElseThrow());
        assertEquals(new BigDecimal("4.4805"), UpstreamValues.decimal(" 4.4805 ").orElseThrow());
    }

    @Test
    void garbageIsAnUpstreamFailureNotZero() {
        assertThrows(UpstreamException.class, () -> UpstreamValues.decimal("about 17"));
    }
}
