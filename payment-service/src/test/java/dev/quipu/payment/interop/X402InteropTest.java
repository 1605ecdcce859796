package dev.quipu.payment.interop;

import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.payment.admission.PaymentAdmission;
import dev.quipu.payment.cli.PayAccess;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Clients paying Quipu's x402 server in local mode end to end: {@code ./quipu pay}'s Java client,
 * and the official TypeScript x402 v2 client ({@code @x402/fetch} + {@code @x402/evm} with a viem
 * local account, from npm). The node part runs when {@code node} and {@code npm} are on the PATH and
 * says clearly when it is skipped.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class X402InteropTest implements TestPropertyProvider {

    static final Path NODE_PROJECT = Path.of("src/test/node");

    @Inject
    PaymentAdmission admission;

    @Inject
    PriceBook priceBook;

    @Inject
    JsonMapper json;

    PaywallHarness harness;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_payment_interop_test"));
        p.put("quipu.outbox.poll-interval", "1h");
        return p;
    }

    @BeforeAll
    void start() throws IOException {
        harness = new PaywallHarness(admission, priceBook);
    }

    @AfterAll
    void stop() {
        harness.close();
    }

    @Test
    void quipuPayPaysACallAndPrintsEachStep() throws Exception {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.out;
        int exit;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            exit = PayAccess.run(harness.url(), "POST", "/rates", "{\"country\":\"CO\"}");
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        original.println(out);
        assertEquals(0, exit, out);
        assertTrue(out.contains("HTTP 402") && out.contains("\"amount\": \"20000\""), out);
        assertTrue(out.contains("\"success\": true") && out.contains("HTTP 200"), out);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theOfficialTypeScriptClientPaysACall() throws Exception {
        boolean node = available("node", "--version");
        boolean npm = available("npm", "--version");
        if (!node || !npm) {
            System.out.println("SKIPPED x402 node interop: 'node' and 'npm' are needed on the PATH");
        }
        assumeTrue(node && npm, "node/npm not found: the official-client interop test is skipped");
        if (!Files.isDirectory(NODE_PROJECT.resolve("node_modules/@x402/fetch"))) {
            int installed = run(List.of("npm", "ci", "--no-audit", "--no-fund"), 300).exit();
            if (installed != 0) {
                System.out.println("SKIPPED x402 node interop: 'npm ci' failed (no registry access?)");
            }
            assumeTrue(installed == 0, "npm ci failed: the official-client interop test is skipped");
        }
        Result result = run(List.of("node", "pay.mjs", harness.url() + "/sanctions",
                "{\"name\":\"Juan Perez\",\"country\":\"CO\",\"type\":\"person\"}"), 120);
        System.out.println("node pay.mjs: " + result.output());
        assertEquals(0, result.exit(), result.output());
        String line = result.output().lines().filter(l -> l.startsWith("{")).reduce((a, b) -> b).orElseThrow();
        Map<String, Object> outcome = json.readValue(line, Map.class);
        assertEquals(402, outcome.get("unpaidStatus"));
        assertEquals(200, outcome.get("status"));
        Map<String, Object> settlement = (Map<String, Object>) outcome.get("settlement");
        assertEquals(true, settlement.get("success"));
        assertEquals("eip155:8453", settlement.get("network"));
        assertTrue(((String) settlement.get("payer")).equalsIgnoreCase((String) outcome.get("payer")));
    }

    record Result(int exit, String output) {
    }

    static boolean available(String... command) {
        try {
            return run(List.of(command), 20).exit() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    static Result run(List<String> command, int timeoutSeconds) throws IOException {
        Process p = new ProcessBuilder(command).directory(NODE_PROJECT.toFile()).redirectErrorStream(true).start();
        try {
            boolean done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!done) {
                p.destroyForcibly();
                return new Result(-1, "timed out: " + out);
            }
            return new Result(p.exitValue(), out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return new Result(-1, "interrupted");
        }
    }
}
