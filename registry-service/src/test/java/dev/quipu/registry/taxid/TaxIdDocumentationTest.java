package dev.quipu.registry.taxid;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/registry.md lists every code the checks can produce, and its example is what the code says. */
class TaxIdDocumentationTest {

    private static String doc() throws IOException {
        return Files.readString(Path.of("..", "docs", "registry.md"), StandardCharsets.UTF_8);
    }

    @Test
    void everyRuleCodeHasARowInTheDocumentation() throws IOException {
        String doc = doc();
        for (TaxIdRule rule : TaxIdRule.values()) {
            assertTrue(doc.contains("| `" + rule.code() + "` |"), rule.code());
        }
    }

    @Test
    void theDocumentedExampleMessageIsTheOneTheCheckGives() throws IOException {
        String message = new Nit().check("899999068-2").failure().orElseThrow().message();
        assertTrue(doc().contains("\"msg\":\"" + message + "\",\"type\":\"nit.check_digit\""), message);
    }
}
