package dev.quipu.audit.verifier;

import dev.quipu.audit.chain.ChainVerifier;
import dev.quipu.audit.chain.ExportLine;
import dev.quipu.proof.PaymentProofCheck;
import io.micronaut.json.JsonMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The offline verifier: recomputes an export of {@code GET /audit/{agent_id}/export} without the
 * service, by the rule of docs/audit-chain.md, and checks the payment proof of every paid link with
 * the payer's own signature.
 *
 * <pre>
 * java -cp audit-service/target/audit-service-0.1.0-SNAPSHOT.jar dev.quipu.audit.verifier.VerifyExport \
 *      [--pay-to 0xRecipient[,0xOther]] [--skew-seconds 30] [--proofs-required-from 2026-12-01T00:00:00Z] audit-agent.jsonl
 * java -cp … dev.quipu.audit.verifier.VerifyExport --checkpoint checkpoint-7.json [--tsa-cert tsa.pem] [audit-agent.jsonl]
 * </pre>
 * {@code --checkpoint} (repeatable) checks a checkpoint as {@code GET /audit-checkpoints/{id}} serves it: its
 * Merkle root recomputes from its heads and its RFC 3161 token covers its statement and verifies with the TSA
 * certificate inside it ({@code --tsa-cert}: a PEM or DER certificate the TSA's must be, or be issued by);
 * with only checkpoints given no export is read. Reads standard input when no file (or {@code -}) is given. {@code --pay-to} names the recipients the
 * operator is known to receive payments at (a proof paying anyone else fails); {@code --proofs-required-from}
 * lists paid links linked before that instant without any proof as legacy instead of failing. Exit status: 0 every
 * chain recomputes and every paid link's payment is proven (or only checkable on chain), 1 a chain is
 * broken or a payment unproven (the first broken link is named, then every unproven payment), 2 the
 * input or the options could not be read.
 */
public final class VerifyExport {

    private VerifyExport() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        Set<String> payTo = new HashSet<>();
        Duration skew = PaymentProofCheck.DEFAULT_SKEW;
        java.time.Instant requiredFrom = null;
        String file = null;
        List<String> checkpointFiles = new ArrayList<>();
        String tsaCert = null;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--pay-to" -> payTo.addAll(Arrays.asList(args[++i].split(",")));
                    case "--skew-seconds" -> skew = Duration.ofSeconds(Long.parseLong(args[++i]));
                    case "--proofs-required-from" -> requiredFrom = java.time.Instant.parse(args[++i]);
                    case "--checkpoint" -> checkpointFiles.add(args[++i]);
                    case "--tsa-cert" -> tsaCert = args[++i];
                    default -> file = args[i];
                }
            }
        } catch (RuntimeException e) {
            err.println("usage: VerifyExport [--pay-to 0xAddress[,0xAddress]] [--skew-seconds N] [--proofs-required-from"
                    + " ISO-INSTANT] [--checkpoint checkpoint.json]... [--tsa-cert tsa.pem] [file.jsonl | -]");
            return 2;
        }
        boolean checkpointsValid = true;
        if (!checkpointFiles.isEmpty()) {
            java.security.cert.X509Certificate pinned = null;
            JsonMapper json = JsonMapper.createDefault();
            try {
                if (tsaCert != null) {
                    pinned = dev.quipu.audit.checkpoint.timestamp.TimestampTokens.certificate(Files.readAllBytes(Path.of(tsaCert)));
                }
                for (String f : checkpointFiles) {
                    CheckpointCheck.Result r = CheckpointCheck.check(json.readValue(Files.readAllBytes(Path.of(f)),
                            dev.quipu.audit.checkpoint.CheckpointService.Checkpoint.class), pinned);
                    out.println(r.line());
                    checkpointsValid &= r.ok();
                }
            } catch (IOException | java.security.cert.CertificateException | RuntimeException e) {
                err.println("could not read the checkpoint or the TSA certificate: " + e.getMessage());
                return 2;
            }
            if (file == null) {
                return checkpointsValid ? 0 : 1;
            }
        }
        ChainVerifier.ProofPolicy proofs = new ChainVerifier.ProofPolicy(PaymentProofCheck.withFastestRecovery(skew, payTo),
                requiredFrom);
        try (Reader in = file == null || "-".equals(file)
                ? new InputStreamReader(System.in, StandardCharsets.UTF_8)
                : Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
            List<ChainVerifier.Result> results = verify(in, proofs);
            boolean allValid = true;
            for (ChainVerifier.Result r : results) {
                ChainVerifier.Proofs p = r.proofs();
                String paid = p.required() == 0 ? "" : ", " + p.proven() + " of " + p.required() + " payments proven by the payer's signature"
                        + (p.unverifiable().isEmpty() ? "" : " (" + p.unverifiable().size() + " checkable only on chain)");
                if (r.valid()) {
                    out.printf("OK      %s: %d links recompute%s, head %s%n", r.agentId(), r.linksChecked(), paid, r.headChainHash());
                } else {
                    allValid = false;
                    ChainVerifier.Break b = r.firstBroken();
                    out.printf("BROKEN  %s: first broken link at sequence %d, field %s: %s (expected %s, found %s)%n",
                            r.agentId(), b.sequence(), b.field(), b.reason(), b.expected(), b.found());
                }
                for (ChainVerifier.ProofFailure f : p.failed()) {
                    out.printf("UNPROVEN %s: sequence %d (event %s): payment_proof %s: %s%n", r.agentId(), f.sequence(),
                            f.eventId(), f.code(), f.reason());
                }
                for (ChainVerifier.ProofFailure f : p.unverifiable()) {
                    out.printf("ON-CHAIN %s: sequence %d (event %s): %s%n", r.agentId(), f.sequence(), f.eventId(), f.reason());
                }
                for (ChainVerifier.ProofFailure f : p.legacy()) {
                    out.printf("LEGACY  %s: sequence %d (event %s): %s%n", r.agentId(), f.sequence(), f.eventId(), f.reason());
                }
            }
            if (results.isEmpty()) {
                err.println("no links in the input");
                return 2;
            }
            return allValid && checkpointsValid ? 0 : 1;
        } catch (IOException | RuntimeException e) {
            err.println("could not read the export: " + e.getMessage());
            return 2;
        }
    }

    /** Verifies every agent's chain in an export with the standard proof settings. */
    public static List<ChainVerifier.Result> verify(Reader in) throws IOException {
        return verify(in, new ChainVerifier.ProofPolicy(PaymentProofCheck.standard(), null));
    }

    /**
     * Verifies every agent's chain in an export, in the order the agents first appear; an authorization
     * that pays for two links anywhere in the export is reported at the second.
     */
    public static List<ChainVerifier.Result> verify(Reader in, ChainVerifier.ProofPolicy proofs) throws IOException {
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
            chains.computeIfAbsent(e.agentId(), a -> new ArrayList<>()).add(ChainVerifier.Entry.offline(e.link(), e.event(),
                    e.linkedAt() == null ? null : java.time.Instant.parse(e.linkedAt())));
        }
        List<ChainVerifier.Result> results = new ArrayList<>();
        Map<String, String> authorizations = new HashMap<>();
        chains.forEach((agent, entries) -> results.add(ChainVerifier.verify(agent, entries, null, proofs, authorizations)));
        return results;
    }
}
