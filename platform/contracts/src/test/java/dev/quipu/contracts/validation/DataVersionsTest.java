package dev.quipu.contracts.validation;

import dev.quipu.contracts.events.DataVersions;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DataVersionsTest {

    @Test
    void versionsSurviveTheHeaderRoundTripEvenWithSeparatorsInside() {
        Map<String, String> versions = new LinkedHashMap<>();
        versions.put("OFAC_SDN", "2024-05-03 sha256:210ca6b4");
        versions.put("usd_cop", "as_of=2014-02-03; source=datos.gov.co");
        assertEquals(versions, DataVersions.parse(DataVersions.format(versions)));
    }

    @Test
    void aMissingOrMalformedHeaderMeansNoVersions() {
        assertTrue(DataVersions.parse(null).isEmpty());
        assertTrue(DataVersions.parse("garbage;=x").isEmpty());
    }
}
