package dev.quipu.registry.br;

import dev.quipu.registry.load.CutOff;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Receita Federal's CNPJ release a file belongs to. The files state no date inside; the RFB publishes
 * each month's release in a folder {@code …/dados_abertos_cnpj/YYYY-MM/}, and the names of the extracted
 * files carry the release day as {@code D}+{@code YMMDD} ({@code K3241.K03200Y0.D51213.ESTABELE}: 2025-12-13).
 */
final class RfbRelease {

    /** Where the RFB publishes the monthly release folders. */
    static final String OFFICIAL_URL = "https://arquivos.receitafederal.gov.br/dados/cnpj/dados_abertos_cnpj/";

    /** The release the bundled sample was drawn from. */
    static final String BUNDLED_RELEASE_URL = OFFICIAL_URL + "2025-12/";

    /** SOURCES.md: the newest data_situacao_cadastral of the sample is 2025-12-13 (release D51213). */
    static final CutOff BUNDLED = new CutOff(LocalDate.of(2025, 12, 13),
            "newest data_situacao_cadastral of the December 2025 release (RFB release D51213; bundled 2,000-row sample)");

    private static final Pattern FOLDER = Pattern.compile("/(20\\d\\d)-(0[1-9]|1[0-2])/");
    // the year is one digit: read as 202Y, the decade the RFB has used this naming in
    private static final Pattern DAY_CODE = Pattern.compile("\\.D(\\d)(\\d\\d)(\\d\\d)\\.");

    private RfbRelease() {
    }

    /**
     * The cut-off a file's URL or name says: the release day of an extracted file's name, else the first day
     * of the release folder's month (the folder names no day; the first is the cautious reading).
     */
    static CutOff of(String urlOrName) {
        if (urlOrName == null) {
            return CutOff.unknown();
        }
        Matcher day = DAY_CODE.matcher(urlOrName);
        if (day.find()) {
            try {
                LocalDate d = LocalDate.of(2020 + Integer.parseInt(day.group(1)), Integer.parseInt(day.group(2)),
                        Integer.parseInt(day.group(3)));
                return new CutOff(d, "RFB release day in the file name (" + day.group().substring(1, 7) + ")");
            } catch (java.time.DateTimeException e) {
                // not a release code after all; try the folder
            }
        }
        Matcher folder = FOLDER.matcher(urlOrName);
        if (folder.find()) {
            YearMonth month = YearMonth.of(Integer.parseInt(folder.group(1)), Integer.parseInt(folder.group(2)));
            return new CutOff(month.atDay(1), "RFB release folder " + month + " (the folder names no day: first of the month)");
        }
        return CutOff.unknown();
    }
}
