package dev.quipu.report.compliance;

import com.lowagie.text.Document;
import com.lowagie.text.DocumentException;
import com.lowagie.text.Font;
import com.lowagie.text.FontFactory;
import com.lowagie.text.PageSize;
import com.lowagie.text.Paragraph;
import com.lowagie.text.pdf.PdfPTable;
import com.lowagie.text.pdf.PdfWriter;
import dev.quipu.report.checks.Check;
import dev.quipu.report.screening.AuditTrail;

import java.io.ByteArrayOutputStream;
import java.util.List;

/**
 * The compliance report as one A4 page a compliance officer can file: subject, purpose, status and
 * recommendation, the checks table, the parts consulted with their answers' SHA-256, the framework mapping's
 * citations, and the SHA-256 of the JSON report it renders (which the audit chain binds).
 */
final class CompliancePdf {

    private static final Font TITLE = FontFactory.getFont(FontFactory.HELVETICA_BOLD, 13);
    private static final Font BOLD = FontFactory.getFont(FontFactory.HELVETICA_BOLD, 8);
    private static final Font TEXT = FontFactory.getFont(FontFactory.HELVETICA, 7.5f);

    private CompliancePdf() {
    }

    record Page(String subject, String purpose, String status, String recommendation, String rulesVersion, List<Check> checks,
                List<AuditTrail> trail, ComplianceFrameworks.Framework framework, String reportSha256, String issuedAt) {
    }

    static byte[] render(Page p) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Document doc = new Document(PageSize.A4, 36, 36, 36, 36);
        try {
            PdfWriter.getInstance(doc, out);
            doc.open();
            doc.add(new Paragraph("Quipu compliance report", TITLE));
            doc.add(new Paragraph(p.subject() + " | purpose: " + p.purpose() + " | issued " + p.issuedAt(), TEXT));
            doc.add(new Paragraph("Overall status: " + p.status() + " (rules " + p.rulesVersion() + ")", BOLD));
            doc.add(new Paragraph("Recommendation: " + p.recommendation(), TEXT));
            doc.add(new Paragraph(" ", TEXT));
            PdfPTable checks = new PdfPTable(new float[] {3, 1.4f, 9});
            checks.setWidthPercentage(100);
            for (String h : List.of("Check", "Result", "Finding")) {
                checks.addCell(new Paragraph(h, BOLD));
            }
            for (Check c : p.checks()) {
                checks.addCell(new Paragraph(c.id(), TEXT));
                checks.addCell(new Paragraph(c.result(), TEXT));
                checks.addCell(new Paragraph(c.summary(), TEXT));
            }
            doc.add(checks);
            doc.add(new Paragraph("Sources consulted (SHA-256 of each answer)", BOLD));
            for (AuditTrail t : p.trail()) {
                doc.add(new Paragraph(t.part() + " " + t.call() + ": " + t.answerSha256(), TEXT));
            }
            doc.add(new Paragraph("Framework mapping (" + ComplianceFrameworks.NOTE + ")", BOLD));
            for (ComplianceFrameworks.Rule r : p.framework().rules()) {
                doc.add(new Paragraph(r.citation() + ": " + String.join(", ", r.checks()), TEXT));
            }
            doc.add(new Paragraph("Report SHA-256 (of this report's JSON form; the audit chain binds the bytes served): " + p.reportSha256(), BOLD));
            doc.close();
        } catch (DocumentException e) {
            throw new IllegalStateException("cannot render the compliance report", e);
        }
        return out.toByteArray();
    }
}
