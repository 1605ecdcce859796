package dev.quipu.report.compliance;

import com.lowagie.text.pdf.PdfReader;
import com.lowagie.text.pdf.parser.PdfTextExtractor;
import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import dev.quipu.report.screening.AuditTrail;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The PDF form is one page whose text carries the verdict, the checks, the sources' hashes and the report's hash. */
class CompliancePdfTest {

    @Test
    void theRenderedPageReadsBackWithTheVerdictChecksSourcesAndHash() throws Exception {
        String sha = "ab".repeat(32);
        byte[] pdf = CompliancePdf.render(new CompliancePdf.Page("ECOPETROL S.A | CO 899999068-1", "onboarding", "REVIEW",
                ComplianceRules.recommendation("REVIEW", "onboarding"), ComplianceRules.VERSION,
                List.of(Check.of("registry_found", CheckResult.PASS, "The registry knows 899999068-1.", List.of(), 30),
                        Check.of("registry_active", CheckResult.REVIEW, "No status published.", List.of(), 20)),
                List.of(new AuditTrail("registry-service", "POST /entity", "cd".repeat(32), Map.of())),
                ComplianceFrameworks.of("CO"), sha, "2026-11-24T21:00:00Z"));

        PdfReader reader = new PdfReader(pdf);
        assertEquals(1, reader.getNumberOfPages());
        String text = new PdfTextExtractor(reader).getTextFromPage(1);
        assertTrue(text.contains("Overall status: REVIEW"), text);
        assertTrue(text.contains("registry_active"), text);
        assertTrue(text.contains("cd".repeat(32)), text);
        assertTrue(text.contains(sha), text);
        assertTrue(text.contains("SARLAFT"), text);
    }
}
