package dev.quipu.e2e;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Third-party clients against the running suite, from the gateway's node tests
 * ({@code gateway/src/test/node/suite}): the official MCP TypeScript SDK paying with an EIP-3009
 * authorization signed by a viem local account (payment-service in local mode verifies and settles
 * it), and headless Chromium clicking through {@code /demo} (trial call, live rates events, audit
 * chain; screenshots in {@code target/screenshots}). Skipped, saying why, when node or chromium is
 * absent; {@code npm ci} installs node_modules from the committed lock when they are missing.
 */
@ExtendWith(SuiteExtension.class)
class NodeClientsIT {

    private static final Path REPO = Path.of(System.getProperty("quipu.repo.root", "../..")).toAbsolutePath().normalize();
    private static final Path NODE_DIR = REPO.resolve("gateway/src/test/node");
    private static final Path TARGET = Path.of("target").toAbsolutePath();
    private static final List<String> CHROMIUM = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser");

    private static String missing;

    @BeforeAll
    static void installNodeModules() throws InterruptedException {
        if (run(List.of("node", "--version"), 30, "node-version") != 0) {
            missing = "node is not installed: the MCP SDK and /demo browser tests are skipped";
        } else if (!Files.isDirectory(NODE_DIR.resolve("node_modules"))
                && run(List.of("npm", "ci", "--no-audit", "--no-fund"), 600, "npm-ci") != 0) {
            missing = "npm ci failed in " + NODE_DIR + " (no registry?), see target/npm-ci.log: node tests skipped";
        }
    }

    @Test
    void theMcpSdkClientIsRefusedUnpaidAndServedWhenItPaysWithARealSignature(RunningSuite suite) throws Exception {
        Assumptions.assumeTrue(missing == null, missing);
        nodeTest(suite, "suite/mcp-x402.test.mjs");
    }

    @Test
    void aPersonTriesTheSuiteOnTheDemoPageInHeadlessChromium(RunningSuite suite) throws Exception {
        Assumptions.assumeTrue(missing == null, missing);
        String chromium = System.getenv().getOrDefault("CHROMIUM_PATH",
                CHROMIUM.stream().filter(p -> Files.isExecutable(Path.of(p))).findFirst().orElse(null));
        Assumptions.assumeTrue(chromium != null && Files.isExecutable(Path.of(chromium)),
                "no chromium binary (Debian: apt-get install chromium; or set CHROMIUM_PATH): the /demo browser test is skipped");
        nodeTest(suite, "suite/demo.test.mjs", "BROWSER_GATEWAY_URL", ownAddress(suite.gateway()).toString());
        assertTrue(Files.size(TARGET.resolve("screenshots/demo.png")) > 10_000, "demo.png was saved");
    }

    /**
     * The gateway as the browser reaches it: over IPv6 loopback when the gateway answers there, so that
     * the page is a client address of its own. Trials are counted per client address, and every other
     * system test is 127.0.0.1 (RatesStreamIT spends that address's three free stream events).
     */
    private static URI ownAddress(URI gateway) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getByName("::1"), gateway.getPort()), 2000);
            return URI.create("http://[::1]:" + gateway.getPort());
        } catch (IOException e) {
            return gateway;
        }
    }

    private static void nodeTest(RunningSuite suite, String file, String... env) throws Exception {
        List<String> command = new ArrayList<>(List.of("node", "--test", "--test-reporter=spec", file));
        ProcessBuilder builder = new ProcessBuilder(command).directory(NODE_DIR.toFile()).redirectErrorStream(true);
        builder.environment().put("GATEWAY_URL", suite.gateway().toString());
        for (int i = 0; i + 1 < env.length; i += 2) {
            builder.environment().put(env[i], env[i + 1]);
        }
        builder.environment().put("SCREENSHOT_DIR", TARGET.resolve("screenshots").toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        boolean ended = process.waitFor(5, TimeUnit.MINUTES);
        if (!ended) {
            process.destroyForcibly();
        }
        Files.createDirectories(TARGET);
        Files.writeString(TARGET.resolve("node-" + Path.of(file).getFileName() + ".log"), output);
        System.out.println(output);
        assertTrue(ended, file + " did not finish in 5 minutes:\n" + output);
        assertEquals(0, process.exitValue(), file + " failed:\n" + output);
        // node --test reports a test skipped inside the file as passed: a skip here is a failure
        assertTrue(output.matches("(?s).*\\bskipped 0\\b.*"), file + " skipped tests:\n" + output);
    }

    private static int run(List<String> command, int seconds, String log) throws InterruptedException {
        try {
            Files.createDirectories(TARGET);
            Process process = new ProcessBuilder(command).directory(NODE_DIR.toFile()).redirectErrorStream(true)
                    .redirectOutput(TARGET.resolve(log + ".log").toFile()).start();
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return -1;
            }
            return process.exitValue();
        } catch (IOException e) {
            return -1;
        }
    }
}
