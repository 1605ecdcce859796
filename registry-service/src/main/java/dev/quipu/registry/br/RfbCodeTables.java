package dev.quipu.registry.br;

import jakarta.inject.Singleton;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The Receita Federal's code tables, complete and read once from the bundled release: CNAE (activity),
 * municipality (the RFB's own TOM codes, not IBGE's), natureza jurídica (legal form), qualificação (a
 * partner's role), país and motivo (reason of a registration status). An unknown code describes as
 * {@code null}: never an invented description.
 */
@Singleton
public class RfbCodeTables {

    static final String FOLDER = "registry/br/rfb-cnpj-2025-12/";

    private final Map<String, String> cnae;
    private final Map<String, String> municipios;
    private final Map<String, String> naturezas;
    private final Map<String, String> qualificacoes;
    private final Map<String, String> paises;
    private final Map<String, String> motivos;

    public RfbCodeTables() {
        cnae = read("CNAECSV.csv");
        municipios = read("MUNICCSV.csv");
        naturezas = read("NATJUCSV.csv");
        qualificacoes = read("QUALSCSV.csv");
        paises = read("PAISCSV.csv");
        motivos = read("MOTICSV.csv");
    }

    /** CNAE subclass, 7 digits ({@code 4771701}); shorter codes (read from numbers) are zero-padded. */
    public String cnae(String code) {
        return code == null ? null : cnae.get(pad(code, 7));
    }

    /** RFB municipality (TOM) code, 4 digits. */
    public String municipio(String code) {
        return code == null ? null : municipios.get(pad(code, 4));
    }

    public String naturezaJuridica(String code) {
        return code == null ? null : naturezas.get(pad(code, 4));
    }

    public String qualificacao(String code) {
        return code == null ? null : qualificacoes.get(pad(code, 2));
    }

    public String pais(String code) {
        return code == null ? null : paises.get(pad(code, 3));
    }

    public String motivo(String code) {
        return code == null ? null : motivos.get(pad(code, 2));
    }

    /** Table sizes, by the RFB file name (for the tests and /health). */
    public Map<String, Integer> sizes() {
        return Map.of("CNAECSV", cnae.size(), "MUNICCSV", municipios.size(), "NATJUCSV", naturezas.size(),
                "QUALSCSV", qualificacoes.size(), "PAISCSV", paises.size(), "MOTICSV", motivos.size());
    }

    static String pad(String code, int width) {
        String c = code.strip();
        if (c.isEmpty() || c.length() >= width || !c.chars().allMatch(Character::isDigit)) {
            return c;
        }
        return "0".repeat(width - c.length()) + c;
    }

    private static Map<String, String> read(String file) {
        Map<String, String> table = new HashMap<>();
        try (InputStream in = RfbCodeTables.class.getClassLoader().getResourceAsStream(FOLDER + file)) {
            if (in == null) {
                throw new IllegalStateException("the RFB code table " + FOLDER + file + " is not bundled");
            }
            try (CSVParser parser = RfbCsv.parse(in)) {
                for (CSVRecord r : parser) {
                    if (r.size() >= 2 && !r.get(0).isBlank()) {
                        table.put(r.get(0).strip(), r.get(1).strip());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the RFB code table " + file, e);
        }
        return Map.copyOf(table);
    }
}
