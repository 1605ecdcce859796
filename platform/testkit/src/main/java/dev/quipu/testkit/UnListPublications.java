package dev.quipu.testkit;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * The UN Security Council Consolidated List's next publication, made from a real one for tests that
 * stand in for the UN's official URL: the same file with one designation removed and a new
 * {@code dateGenerated}, as the UN's file after a delisting would be.
 */
public final class UnListPublications {

    private UnListPublications() {
    }

    /** {@code consolidatedXml} without the {@code INDIVIDUAL} whose DATAID is {@code dataId}, generated at {@code generated}. */
    public static byte[] afterDelisting(byte[] consolidatedXml, String dataId, Instant generated) {
        String xml = new String(consolidatedXml, StandardCharsets.UTF_8);
        int id = xml.indexOf("<DATAID>" + dataId + "</DATAID>");
        if (id < 0) {
            throw new IllegalArgumentException("no designation with DATAID " + dataId);
        }
        int start = xml.lastIndexOf("<INDIVIDUAL>", id);
        int end = xml.indexOf("</INDIVIDUAL>", id) + "</INDIVIDUAL>".length();
        xml = xml.substring(0, start) + xml.substring(end);
        xml = xml.replaceFirst("dateGenerated=\"[^\"]+\"", "dateGenerated=\"" + generated + "\"");
        return xml.getBytes(StandardCharsets.UTF_8);
    }
}
