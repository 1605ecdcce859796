package dev.quipu.sanctions.lists;

import dev.quipu.sanctions.matching.RealIndex;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the service serves out of the box: the lists {@link BundledLists#load()} reads from the
 * bundled files (RealIndex holds that load, once per test JVM). The counts table is printed for
 * docs/sanctions.md.
 */
class BundledListsTest {

    private static Map<ListId, ListVersion> versions() {
        return RealIndex.INDEX.versions();
    }

    @Test
    void theBundledListsHoldAtLeast18000SdnRecordsAnd59000NamesInAll() {
        assertEquals(18_367, versions().get(ListId.OFAC_SDN).entityCount());
        assertTrue(versions().get(ListId.OFAC_SDN).entityCount() >= 18_000);
        int names = versions().values().stream().mapToInt(ListVersion::nameCount).sum();
        assertTrue(names >= 59_000, "names over all lists: " + names);
        int latin = RealIndex.INDEX.entities().stream().mapToInt(e -> (int) e.names().stream()
                .filter(n -> n.kind() != EntityName.Kind.ORIGINAL_SCRIPT).count()).sum();
        assertTrue(latin >= 59_000, "even without original-script forms: " + latin);
        System.out.println("| list | published | entities | names | of which original script | partial |");
        for (ListVersion v : versions().values()) {
            long script = RealIndex.INDEX.entities().stream().filter(e -> e.list() == v.list())
                    .flatMap(e -> e.names().stream()).filter(n -> n.kind() == EntityName.Kind.ORIGINAL_SCRIPT).count();
            System.out.printf(Locale.ROOT, "| %s | %s | %,d | %,d | %,d | %s |%n", v.list(), v.publishedAt(), v.entityCount(),
                    v.nameCount(), script, v.partial());
        }
        System.out.printf(Locale.ROOT, "| all | | %,d | %,d | | |%n",
                versions().values().stream().mapToInt(ListVersion::entityCount).sum(), names);
    }

    @Test
    void theBundledSdnArchiveIsVersionedByTheChecksumOfacPublishedForItsXml() {
        assertEquals("36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117", versions().get(ListId.OFAC_SDN).sha256());
        assertEquals("2025-11-19+36c517bd264d", versions().get(ListId.OFAC_SDN).version());
    }

    @Test
    void everyBundledListCarriesItsPublicationDate() {
        assertEquals(Instant.parse("2025-11-19T00:00:00Z"), versions().get(ListId.OFAC_SDN).publishedAt(), "SDN DateOfIssue");
        assertEquals(Instant.parse("2026-01-08T00:00:00Z"), versions().get(ListId.OFAC_CONS).publishedAt(), "Publish_Date");
        assertEquals(Instant.parse("2026-02-27T00:00:09.554Z"), versions().get(ListId.UN).publishedAt(), "dateGenerated");
        assertEquals(Instant.parse("2026-08-05T14:47:04.449Z"), versions().get(ListId.EU).publishedAt(), "generationDate");
        assertEquals(Instant.parse("2025-11-19T00:00:00Z"), versions().get(ListId.UK).publishedAt(), "FCDO export of 2025-11-19");
        assertTrue(versions().get(ListId.UK).note().contains("Consolidated List of 2025-04-14"));
    }

    @Test
    void onlyTheEuSampleIsPartial() {
        assertEquals(List.of(ListId.EU), versions().values().stream().filter(ListVersion::partial).map(ListVersion::list).toList());
        assertEquals(5, versions().get(ListId.EU).entityCount());
    }
}
