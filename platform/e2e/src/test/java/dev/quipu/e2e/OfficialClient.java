package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The official x402 v2 TypeScript client ({@code @x402/fetch} + {@code @x402/evm} with a viem local
 * account, {@code payment-service/src/test/node/pay.mjs}) run as a process. Tests that need it are
 * skipped, saying so, without node and npm.
 */
final class OfficialClient {

    private static final Path CLIENT = Path.of(System.getProperty("quipu.repo.root", "../.."))
            .resolve("payment-service/src/test/node").toAbsolutePath().normalize();

    private OfficialClient() {
    }

    /** Skips the calling test unless node, npm and the client's packages are there (installing them once). */
    static void assumeAvailable() {
        assumeTrue(runs(List.of("node", "--version")) && runs(List.of("npm", "--version")),
                "SKIPPED: node and npm are needed for the official x402 client");
        if (!Files.isDirectory(CLIENT.resolve("node_modules/@x402/fetch"))) {
            assumeTrue(runs(List.of("npm", "ci", "--no-audit", "--no-fund")), "SKIPPED: npm ci failed (no registry?)");
        }
    }

    /**
     * POSTs {@code body} to {@code url} unpaid, then paid through the client; the outcome line the
     * script prints: {@code unpaidStatus}, {@code status}, {@code payer}, {@code settlement}, {@code body}.
     */
    static JsonNode pay(URI url, String body) throws IOException, InterruptedException {
        Process pay = new ProcessBuilder("node", "pay.mjs", url.toString(), body)
                .directory(CLIENT.toFile()).redirectErrorStream(true).start();
        assertTrue(pay.waitFor(120, TimeUnit.SECONDS), "the client finished");
        String output = new String(pay.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        String last = output.lines().reduce((a, b) -> b).orElse("");
        try {
            return new ObjectMapper().readTree(last);
        } catch (IOException e) {
            throw new AssertionError("the client printed no outcome: " + output, e);
        }
    }

    /**
     * Pays a call that must succeed: 402 unpaid, then 200 with a successful settlement; returns the answer's body.
     */
    static JsonNode paidAnswer(URI url, String body) throws IOException, InterruptedException {
        JsonNode result = pay(url, body);
        assertEquals(402, result.path("unpaidStatus").asInt(), result.toString());
        assertEquals(200, result.path("status").asInt(), result.toString());
        assertTrue(result.path("settlement").path("success").asBoolean(), result.toString());
        return new ObjectMapper().readTree(result.path("body").asText());
    }

    private static boolean runs(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).directory(CLIENT.toFile()).redirectErrorStream(true).start();
            p.getInputStream().transferTo(OutputStream.nullOutputStream());
            return p.waitFor(300, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
