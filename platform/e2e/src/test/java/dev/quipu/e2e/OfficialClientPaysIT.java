package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The official x402 v2 TypeScript client ({@code @x402/fetch} + {@code @x402/evm} with a viem local
 * account) pays a call through the real gateway of the running suite, in local settlement mode:
 * 402 first, then 200 with a successful PAYMENT-RESPONSE and the data. Skipped, saying so, without node.
 */
@ExtendWith(SuiteExtension.class)
class OfficialClientPaysIT {

    private static final Path CLIENT = Path.of(System.getProperty("quipu.repo.root", "../.."))
            .resolve("payment-service/src/test/node").toAbsolutePath().normalize();

    @Test
    void theOfficialClientPaysForACallThroughTheGateway(RunningSuite suite) throws Exception {
        assumeTrue(runs(List.of("node", "--version")) && runs(List.of("npm", "--version")),
                "SKIPPED: node and npm are needed for the official x402 client");
        if (!Files.isDirectory(CLIENT.resolve("node_modules/@x402/fetch"))) {
            assumeTrue(runs(List.of("npm", "ci", "--no-audit", "--no-fund")), "SKIPPED: npm ci failed (no registry?)");
        }
        Process pay = new ProcessBuilder("node", "pay.mjs", suite.gateway().resolve("/rates").toString(),
                "{\"country\":\"MX\",\"agent_id\":\"e2e-official-client\"}")
                .directory(CLIENT.toFile()).redirectErrorStream(true).start();
        assertTrue(pay.waitFor(120, TimeUnit.SECONDS), "the client finished");
        String output = new String(pay.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        String last = output.lines().reduce((a, b) -> b).orElse("");
        JsonNode result = new ObjectMapper().readTree(last);
        assertEquals(402, result.path("unpaidStatus").asInt(), output);
        assertEquals(200, result.path("status").asInt(), output);
        assertTrue(result.path("settlement").path("success").asBoolean(), output);
        assertEquals(0, pay.exitValue(), output);
        JsonNode body = new ObjectMapper().readTree(result.path("body").asText());
        assertFalse(body.path("usd_mxn").isMissingNode(), "rates-service answered: " + body);
    }

    private static boolean runs(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).directory(CLIENT.toFile()).redirectErrorStream(true).start();
            p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            return p.waitFor(300, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
