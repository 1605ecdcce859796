package dev.quipu.audit.verifier;

import dev.quipu.audit.chain.ChainVerifier;
import dev.quipu.audit.chain.ExportLine;
import io.micronaut.json.JsonMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The offline verifier: recomputes an export of {@code GET /audit/{agent_id}/export} without the
 * service, by the rule of docs/audit-chain.md.
 *
 * <pre>
 * java -cp audit-service/target/audit-service-0.1.0-SNAPSHOT.jar dev.quipu.audit.verifier.VerifyExport audit-agent.jsonl
 * </pre>
 * Reads standard input when no file (or {@code -}) is given. Exit status: 0 every chain recomputes,
 * 1 a chain is broken (the first broken link is named), 2 the input could not be read.
 */
public final class VerifyExport {

    private VerifyExport() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        try (Reader in = args.length == 0 || "-".equals(args[0])
                ? new InputStreamReader(System.in, StandardCharsets.UTF_8)
                : Files.newBufferedReader(Path.of(args[0]), StandardCharsets.UTF_8)) {
            List<ChainVerifier.Result> results = verify(in);
            boolean allValid = true;
            for (ChainVerifier.Result r : results) {
                if (r.valid()) {
                    out.printf("OK      %s: %d links recompute, head %s%n", r.agentId(), r.linksChecked(), r.headChainHash());
                } else {
                    allValid = false;
                    ChainVerifier.Break b = r.firstBroken();
                    out.printf("BROKEN  %s: first broken link at sequence %d, field %s: %s (expected %s, found %s)%n",
                            r.agentId(), b.sequence(), b.field(), b.reason(), b.expected(), b.found());
                }
            }
            if (results.isEmpty()) {
                err.println("no links in the input");
                return 2;
            }
            return allValid ? 0 : 1;
        } catch (IOException | RuntimeException e) {
            err.println("could not read the export: " + e.getMessage());
            return 2;
        }
    }

    /** Verifies every agent's chain in an export, in the order the agents first appear. */
    public static List<ChainVerifier.Result> verify(Reader in) throws IOException {
        JsonMapper json = JsonMapper.createDefault();
        Map<String, List<ChainVerifier.Entry>> chains = new LinkedHashMap<>();
        BufferedReader lines = new BufferedReader(in);
        String line;
        int number = 0;
        while ((line = lines.readLine()) != null) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            ExportLine e;
            try {
                e = json.readValue(line, ExportLine.class);
            } catch (IOException ex) {
                throw new IOException("line " + number + " is not an export line: " + ex.getMessage(), ex);
            }
            chains.computeIfAbsent(e.agentId(), a -> new ArrayList<>()).add(ChainVerifier.Entry.offline(e.link(), e.event()));
        }
        List<ChainVerifier.Result> results = new ArrayList<>();
        chains.forEach((agent, entries) -> results.add(ChainVerifier.verify(agent, entries, null)));
        return results;
    }
}
