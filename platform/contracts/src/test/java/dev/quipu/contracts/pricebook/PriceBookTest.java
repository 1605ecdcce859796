package dev.quipu.contracts.pricebook;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PriceBookTest {

    private final PriceBook book = new PriceBook();

    @ParameterizedTest(name = "{0} {1} costs {2} USDC")
    @CsvSource({
            "POST, /rates, 0.02, 20000",
            "POST, /sanctions, 0.05, 50000",
            "POST, /sanctions/quick, 0.01, 10000",
            "POST, /sanctions/zkp, 0.05, 50000",
            "POST, /entity, 0.03, 30000",
            "POST, /registry, 0.05, 50000",
            "POST, /context, 0.10, 100000",
            "POST, /report/defi-latam, 0.10, 100000",
            "POST, /wallet/screen, 0.05, 50000",
            "POST, /entity/kyb, 0.08, 80000",
            "POST, /market/signal, 0.05, 50000",
            "POST, /compliance/report, 0.25, 250000",
            "POST, /solutions/kyb-complete-co, 0.15, 150000",
            "POST, /solutions/kyb-complete-mx, 0.15, 150000",
            "POST, /solutions/kyb-complete-br, 0.15, 150000",
            "POST, /solutions/kyb-complete-cl, 0.15, 150000",
            "POST, /solutions/kyb-complete-pe, 0.15, 150000",
            "POST, /solutions/screening-global, 0.08, 80000",
            "POST, /rates/stream/token, 0.02, 20000",
            "GET, /rates/stream/token, 0.02, 20000"})
    void everyPaidRouteOfTheSpecHasItsPrice(String method, String path, String usdc, long atomic) {
        Operation op = book.find(method, path).orElseThrow();
        assertEquals(0, op.priceUsdc().compareTo(new java.math.BigDecimal(usdc)));
        assertEquals(atomic, op.priceAtomic());
    }

    @Test
    void thePriceBookHoldsExactlyTheSpecsTwentyPaidRoutes() {
        assertEquals(20, book.operations().size());
        assertEquals(19, book.paidPaths().size());
    }

    @Test
    void registryAndContextTakeNoTrialWhileTheOtherPostOperationsDo() {
        Set<String> noTrial = book.operations().stream().filter(op -> !op.trial())
                .map(Operation::path).collect(Collectors.toSet());
        assertEquals(Set.of("/registry", "/context", "/rates/stream/token"), noTrial);
    }

    @Test
    void operationIdsAreUniqueSoTheyCanNameMcpTools() {
        assertEquals(book.operations().size(), book.operations().stream().map(Operation::id).distinct().count());
        assertTrue(book.operations().stream().allMatch(op -> op.id().matches("[a-z0-9_]{1,64}")));
    }

    @Test
    void theSpecsRequiredFieldsAreRequired() {
        assertRequired("/registry", "identifier", "country", "id_type");
        assertRequired("/sanctions", "name", "country", "type");
        assertRequired("/compliance/report", "entity_id", "country", "purpose");
        assertRequired("/wallet/screen", "wallet", "country");
        assertRequired("/context", "sector", "country");
        assertFalse(book.find("POST", "/sanctions").orElseThrow().field("agent_id").orElseThrow().required());
    }

    @Test
    void everyOperationIsOwnedByABackendNotTheGateway() {
        assertTrue(book.operations().stream().noneMatch(op -> op.service() == Service.GATEWAY));
    }

    private void assertRequired(String path, String... names) {
        Operation op = book.find("POST", path).orElseThrow();
        for (String name : names) {
            assertTrue(op.field(name).orElseThrow().required(), path + " " + name);
        }
    }
}
