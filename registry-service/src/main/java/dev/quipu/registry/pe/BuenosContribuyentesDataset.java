package dev.quipu.registry.pe;

import dev.quipu.registry.taxid.TaxIds;
import jakarta.inject.Singleton;

/** SUNAT's Padrón de Buenos Contribuyentes: taxpayers in good standing, with the date and resolution of entry. */
@Singleton
public class BuenosContribuyentesDataset extends SunatDataset {

    public static final String ID = "pe.sunat.buenos-contribuyentes";
    static final String LIST = "SUNAT — Buenos Contribuyentes";

    public BuenosContribuyentesDataset(TaxIds taxIds) {
        super(ID, "SUNAT — Padrón de Buenos Contribuyentes", "https://www.sunat.gob.pe/descarga/BueCont/BueCont_TXT.zip",
                "buecont.*\\.(txt|zip)(\\.(gz|bz2))?", new SunatPadronReader(taxIds));
    }
}
