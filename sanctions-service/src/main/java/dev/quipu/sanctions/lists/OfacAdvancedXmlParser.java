package dev.quipu.sanctions.lists;

import io.micronaut.core.annotation.Nullable;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.List;

/**
 * OFAC's SDN Advanced XML ({@code SDN_ADVANCED.XML}, namespace .../exports/ADVANCED_XML): the
 * structured successor of sdn.csv, with every alias, document and feature as data rather than
 * remarks text. Read in one streaming pass (the file is 121 MB), plain or bzip2-compressed (as
 * bundled). The SHA-256 of the XML is computed on the way, so a bundled .bz2 and a live download of
 * the same publication have the same version hash, the one OFAC publishes in sdn_advanced_checksum.
 */
public final class OfacAdvancedXmlParser {

    /**
     * @param dateOfIssue the publication date the file states ({@code DateOfIssue})
     * @param sha256      hex SHA-256 of the (decompressed) XML
     */
    public record Parsed(@Nullable LocalDate dateOfIssue, String sha256, List<Entity> entities) {
    }

    private final ListId list;

    public OfacAdvancedXmlParser(ListId list) {
        this.list = list;
    }

    public Parsed parse(byte[] xml) {
        MessageDigest sha = sha256();
        return parse(new DigestInputStream(new ByteArrayInputStream(xml), sha), sha);
    }

    /** The XML compressed with bzip2 ({@code sdn_advanced.xml.bz2}), decompressed and hashed while it is parsed. */
    public Parsed parseBzip2(byte[] bz2) {
        MessageDigest sha = sha256();
        InputStream xml;
        try {
            xml = new BZip2CompressorInputStream(new ByteArrayInputStream(bz2));
        } catch (IOException e) {
            throw new ListFormatException("not a bzip2 stream: " + e.getMessage(), e);
        }
        return parse(new ReadAheadInputStream(new DigestInputStream(xml, sha), "sdn-advanced-bzip2"), sha);
    }

    /** @param xml the document, hashed into {@code sha} as it is read */
    private Parsed parse(InputStream xml, MessageDigest sha) {
        try (InputStream in = xml) {
            XMLStreamReader r = Stax.open(in);
            OfacAdvancedReader file = new OfacAdvancedReader();
            file.read(r);
            r.close();
            in.transferTo(OutputStream.nullOutputStream()); // the digest covers the file to its last byte
            if (!file.references.loaded() || file.parties.isEmpty()) {
                throw new ListFormatException("OFAC Advanced XML without reference values or parties");
            }
            LocalDate issued = file.dateOfIssue == null || file.dateOfIssue.month() < 1 ? null
                    : LocalDate.of(file.dateOfIssue.year(), file.dateOfIssue.month(), file.dateOfIssue.day());
            return new Parsed(issued, HexFormat.of().formatHex(sha.digest()), new OfacAdvancedProfiles(list, file).entities());
        } catch (XMLStreamException e) {
            // a truncated download or archive ends here: "XML document structures must start and end ..."
            throw new ListFormatException("OFAC Advanced XML does not parse: " + e.getMessage(), e);
        } catch (IOException | UncheckedIOException e) {
            throw new ListFormatException("OFAC Advanced XML cannot be read: " + e.getMessage(), e);
        } catch (java.time.DateTimeException e) {
            throw new ListFormatException("OFAC Advanced XML has an impossible DateOfIssue: " + e.getMessage(), e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
