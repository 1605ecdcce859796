package dev.quipu.registry.br;

import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.load.DatasetReader;
import dev.quipu.registry.load.Fields;
import dev.quipu.registry.taxid.Cnpj;
import dev.quipu.registry.taxid.TaxIdCheck;
import jakarta.inject.Singleton;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * CVM's register of public companies ({@code cad_cia_aberta.csv}): ISO-8859-1, {@code ;}-separated with a
 * header line and no quoting (addresses hold bare quotes: {@code BLOCO "C"}). One record per company and
 * market (a CNPJ repeats when it is registered for more than one), keyed by the 14-character CNPJ.
 * The file states no date: its cut-off is the newest {@code DT_REG}/{@code DT_INI_SIT} in it.
 */
@Singleton
public class CvmCiasAbertasDataset implements BulkDataset {

    public static final String ID = "br.cvm.cias-abertas";
    static final String OFFICIAL_URL = "https://dados.cvm.gov.br/dados/CIA_ABERTA/CAD/DADOS/cad_cia_aberta.csv";

    // the investor-relations officer's own contact columns: never served, so not kept (LGPD art. 6 III)
    static final Set<String> NOT_KEPT = Set.of("LOGRADOURO_RESP", "COMPL_RESP", "BAIRRO_RESP", "MUN_RESP", "UF_RESP",
            "PAIS_RESP", "CEP_RESP", "DDD_TEL_RESP", "TEL_RESP", "DDD_FAX_RESP", "FAX_RESP", "EMAIL_RESP");

    private static final CSVFormat FORMAT = CSVFormat.Builder.create()
            .setDelimiter(';')
            .setQuote(null)
            .setHeader()
            .setSkipHeaderRecord(true)
            .setIgnoreEmptyLines(true)
            .setAllowMissingColumnNames(true)
            .get();
    private static final Pattern NAMES = Pattern.compile("(?i)cad_cia_aberta\\.(csv|zip)(\\.(gz|bz2))?");

    private final Cnpj cnpj = new Cnpj();

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String country() {
        return RfbDataset.COUNTRY;
    }

    @Override
    public String title() {
        return "CVM — Cadastro de Companhias Abertas";
    }

    @Override
    public String publisher() {
        return "Comissão de Valores Mobiliários (CVM)";
    }

    @Override
    public Optional<String> officialUrl() {
        return Optional.of(OFFICIAL_URL);
    }

    @Override
    public boolean recognises(String fileName) {
        return fileName != null && NAMES.matcher(fileName.substring(fileName.lastIndexOf('/') + 1)).matches();
    }

    @Override
    public DatasetReader reader() {
        return (in, sink) -> {
            LocalDate newest = null;
            try (CSVParser parser = CSVParser.builder().setFormat(FORMAT)
                    .setReader(new BufferedReader(new InputStreamReader(in, StandardCharsets.ISO_8859_1), 1 << 16)).get()) {
                for (CSVRecord r : parser) {
                    if (!r.isConsistent()) {
                        sink.skip("record of " + r.size() + " fields, the header has " + parser.getHeaderNames().size());
                        continue;
                    }
                    TaxIdCheck check = cnpj.check(r.get("CNPJ_CIA"));
                    if (!check.valid()) {
                        sink.skip("CNPJ_CIA fails its check: " + check.failedRule().orElse("invalid"));
                        continue;
                    }
                    Fields f = new Fields();
                    r.toMap().forEach((name, value) -> {
                        if (!NOT_KEPT.contains(name)) {
                            f.put(name, value);
                        }
                    });
                    newest = newer(newer(newest, date(r.get("DT_REG"))), date(r.get("DT_INI_SIT")));
                    sink.accept(check.normalized(), f.map());
                }
            }
            return newest == null ? CutOff.unknown() : new CutOff(newest, "newest DT_REG / DT_INI_SIT in the file");
        };
    }

    static LocalDate date(String iso) {
        if (iso == null || iso.isBlank()) {
            return null;
        }
        try {
            return LocalDate.parse(iso.strip());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static LocalDate newer(LocalDate a, LocalDate b) {
        if (a == null) {
            return b;
        }
        return b == null || !b.isAfter(a) ? a : b;
    }
}
