// Word lists for the synthetic tree (spec/bench/generate-tree.ts): realistic, mostly European and
// North American names and places, split from whitespace-separated blocks to keep this file short.

const words = (block: string): readonly string[] => [...new Set(block.split(/\s+/).filter((w) => w !== ''))];

export const maleGivenNames = words(`
  John William James George Charles Thomas Henry Joseph Robert Edward Frederick Albert Arthur Walter Richard
  Samuel David Daniel Peter Paul Michael Francis Louis Alfred Ernest Harry Harold Frank Herbert Leonard Stanley
  Sidney Percy Cecil Reginald Horace Wilfred Cyril Leslie Norman Kenneth Raymond Ronald Donald Gerald Dennis Brian
  Alan Keith Colin Derek Trevor Roger Graham Nigel Stephen Andrew Mark Ian Neil Gary Philip Christopher Anthony
  Timothy Simon Matthew Adam Benjamin Nathan Jacob Isaac Abraham Moses Aaron Elijah Josiah Jeremiah Ezekiel Nathaniel
  Jonathan Zachary Joshua Caleb Levi Eli Amos Silas Jesse Gideon Reuben Hiram Ephraim Jedediah Obadiah Solomon
  Lewis Hugh Owen Rhys Gareth Dylan Evan Gwilym Emrys Idris Dafydd Ieuan Angus Duncan Alasdair Hamish Fergus Malcolm
  Callum Ewan Gordon Douglas Murdo Lachlan Seamus Patrick Sean Liam Cormac Declan Eamon Padraig Brendan Kieran Ciaran
  Johann Friedrich Wilhelm Heinrich Karl Ludwig Hans Otto Ernst Hermann Gustav Georg Franz Josef Anton Konrad Dieter
  Jurgen Klaus Wolfgang Helmut Manfred Rainer Uwe Lukas Jonas Felix Maximilian Moritz Tobias Sebastian Florian
  Pierre Jean Jacques Louis-Philippe Henri Andre Michel Claude Marcel Rene Lucien Gaston Emile Etienne Antoine Julien
  Guillaume Nicolas Olivier Laurent Thierry Mathieu Hugo Theo Baptiste Giovanni Giuseppe Antonio Francesco Luigi
  Mario Carlo Pietro Salvatore Vincenzo Domenico Alessandro Marco Luca Matteo Lorenzo Davide Enzo Paolo Stefano
  Jose Juan Manuel Francisco Pedro Miguel Carlos Luis Javier Alejandro Diego Rafael Fernando Sergio Pablo Alvaro
  Jorge Ricardo Eduardo Joao Afonso Duarte Tiago Rui Nuno Vasco Jan Pieter Hendrik Cornelis Willem Dirk Gerrit Klaas
  Joost Maarten Bram Sander Lars Erik Nils Olof Sven Anders Johan Gustaf Magnus Henrik Axel Bjorn Ingvar Leif Knut
  Olav Harald Sigurd Arne Jens Niels Soren Mads Rasmus Frederik Mikkel Jakob Stanislaw Jerzy Tadeusz Kazimierz
  Wojciech Marek Piotr Krzysztof Andrzej Tomasz Pawel Grzegorz Lukasz Ivan Dmitri Nikolai Sergei Alexei Mikhail
  Vladimir Boris Pavel Yuri Oleg Viktor Istvan Laszlo Janos Ferenc Sandor Zoltan Tibor Gyula Miklos Vaclav Jiri
  Ondrej Milan Zdenek Aleksander Matej Elliott Wesley Clarence Chester Homer Virgil Luther Otis Wendell Clyde Floyd
  Lloyd Elmer Earl Roy Ray Carl Eugene Howard Ralph Lawrence Russell Vernon Glenn Dale Wayne Duane Gene Curtis
  Marvin Melvin Leroy Willard Irving Morris Milton Sheldon Herman Julius Oscar Rudolph Emil Victor Leon Maurice
  Ethan Noah Mason Logan Lucas Oliver Elias Aiden Jackson Carter Hunter Connor Tyler Austin Brandon Justin Kyle
  Dustin Travis Cody Shane Troy Scott Craig Bruce Glen Barry Terry Jerry Larry Harvey Jasper Rupert Basil Ambrose
  Bartholomew Cuthbert Edmund Godfrey Humphrey Jeremy Lionel Nigel Oswald Quentin Roland Rowland Septimus Tobias
  Ulysses Valentine Wilbur Zebulon Alonzo Amos Barnabas Cyrus Enoch Erasmus Lemuel Thaddeus Uriah Wallace Ward
`);

export const femaleGivenNames = words(`
  Mary Elizabeth Sarah Ann Anne Margaret Jane Catherine Eliza Emma Alice Ellen Martha Hannah Susan Harriet Charlotte
  Emily Louisa Caroline Frances Maria Agnes Florence Edith Ethel Annie Lilian Lillian Gladys Doris Dorothy Elsie Mabel
  Winifred Irene Violet Hilda Kathleen Marjorie Phyllis Joan Joyce Eileen Betty Beryl Audrey Barbara Patricia Sheila
  Maureen Pauline Brenda Valerie Sandra Carol Christine Linda Janet Susan Gillian Deborah Julie Karen Tracey Lisa
  Nicola Joanne Amanda Rachel Rebecca Claire Sophie Laura Jessica Hannah Lauren Chloe Megan Charlotte Olivia Amelia
  Isla Ava Mia Grace Lily Ella Evie Poppy Freya Isabella Abigail Esther Ruth Naomi Rebekah Leah Rachel Miriam Deborah
  Judith Delilah Susannah Keziah Tabitha Lydia Priscilla Phoebe Dorcas Jemima Patience Prudence Mercy Charity Temperance
  Hope Faith Constance Honor Silence Thankful Submit Comfort Bridget Siobhan Niamh Aoife Sinead Orla Roisin Maeve
  Deirdre Grainne Eilidh Morag Catriona Fiona Isobel Iona Kirsty Mhairi Ailsa Shona Gwendolyn Bronwen Gwen Megan
  Rhiannon Myfanwy Angharad Cerys Eluned Nia Sian Carys Anna Gertrud Hildegard Ingrid Greta Liesel Ursula Helga
  Brigitte Renate Monika Petra Sabine Claudia Katrin Anja Johanna Franziska Lena Leonie Marie Sophia Charlotte Jeanne
  Marguerite Madeleine Genevieve Simone Yvonne Colette Odette Juliette Camille Sylvie Nathalie Isabelle Celine Manon
  Chantal Giulia Francesca Chiara Giovanna Rosa Lucia Teresa Antonella Alessandra Valentina Elena Paola Federica
  Carmen Dolores Pilar Mercedes Rosario Concepcion Lucia Isabel Ines Beatriz Cristina Raquel Marta Alba Leonor Catarina
  Joana Margarida Ana Mariana Beatrix Johanna Geertruida Cornelia Wilhelmina Hendrika Aaltje Neeltje Femke Sanne
  Anouk Astrid Ingeborg Sigrid Karin Birgitta Kerstin Solveig Ragnhild Gudrun Liv Sofie Mette Karen Kirsten Freja
  Agnieszka Katarzyna Malgorzata Barbara Jadwiga Zofia Krystyna Halina Danuta Ewa Olga Tatiana Natalia Svetlana
  Irina Ludmila Vera Nadezhda Galina Erzsebet Ilona Katalin Zsuzsanna Eva Marta Jana Hana Vera Zdenka Bozena
  Mildred Bertha Minnie Clara Ida Bessie Cora Nellie Lula Myrtle Pearl Hazel Mae Viola Ruby Opal Velma Thelma
  Wilma Geraldine Lorraine Norma Shirley Jean Beverly Judy Donna Bonnie Peggy Darlene Marilyn Gloria Sharon Diane
  Cheryl Kathy Debra Brenda Tammy Tina Kimberly Michelle Stephanie Heather Melissa Nicole Jennifer Ashley Amber
  Brittany Tiffany Crystal Danielle Samantha Madison Emma Harper Avery Scarlett Zoe Hazel Violet Aurora Penelope
  Eleanor Matilda Beatrice Adelaide Georgiana Henrietta Wilhelmina Philippa Rosamund Millicent Augusta Cordelia
  Drusilla Euphemia Lavinia Letitia Octavia Philadelphia Rosanna Selina Theodosia Ursula Venetia Zillah Mahala
`);

export const surnames = words(`
  Smith Jones Williams Taylor Brown Davies Evans Wilson Thomas Johnson Roberts Robinson Thompson Wright Walker White
  Edwards Hughes Green Hall Lewis Harris Clarke Patel Jackson Wood Turner Martin Cooper Hill Ward Morris Moore Clark
  Lee King Baker Harrison Morgan Allen James Scott Phillips Watson Davis Parker Price Bennett Young Griffiths Mitchell
  Kelly Cook Carter Richardson Bailey Collins Bell Shaw Murphy Miller Cox Richards Khan Marshall Anderson Simpson Ellis
  Adams Singh Begum Wilkinson Foster Chapman Powell Webb Rogers Gray Mason Ali Hunt Hussain Campbell Matthews Owen
  Palmer Holmes Mills Barnes Knight Lloyd Butler Russell Barker Fisher Stevens Jenkins Murray Dixon Harvey Graham
  Pearson Ahmed Fletcher Walsh Kaur Gibson Howard Andrews Stewart Elliott Reynolds Saunders Payne Fox Ford Pearce Day
  Brooks West Lawrence Cole Atkinson Bradley Spencer Gill Dawson Ball Burton O'Brien Watts Rose Booth Perry Ryan
  Grant Wells Armstrong Francis Rees Hayes Hart Hudson Newman Barrett Webster Hunter Gregory Carr Lowe Page Marsh
  Riley Dunn Woods Parsons Berry Stone Reid Holland Hawkins Harding Porter Robertson Newton Oliver Reed Kennedy
  Williamson Bird Gardner Shah Dean Lane Cooke Bates Henderson Parry Burgess Bishop Walton Burns Nicholson Shepherd
  Ross Cross Long Freeman Warren Nicholls Hamilton Byrne Sutton McDonald Yates Hodgson Robson Curtis Hopkins O'Connor
  Harper Coleman Watkins Moss McCarthy Chambers O'Neill Griffin Sharp Hardy Wheeler Potter Osborne Johnston Gordon
  Doyle Wallace George Jordan Hutchinson Rowe Burke May Pritchard Gilbert Willis Higgins Read Miles Stevenson Stephenson
  Hammond Arnold Buckley Walters Hewitt Barber Nelson Slater Austin Sullivan Whitehead Mann Frost Lambert Stephens
  Blake Akhtar Lynch Goodwin Barton Woodward Thomson Cunningham Quinn Barnett Baxter Bibi Clayton Nash Greenwood
  Jennings Holt Kemp Poole Gallagher Bond Stokes Tucker Davidson Fowler Heath Norman Middleton Lawson Banks French
  Stanley Jarvis Gibbs Ferguson Hayward Carroll Douglas Dickinson Todd Barlow Peters Lucas Knowles Hartley Miah
  Simmons Morton Alexander Field Morrison Norris Townsend Preston Hancock Thornton Baldwin Burrows Briggs Storey
  Pope Hanson Mahmood Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf
  Schroder Neumann Schwarz Zimmermann Braun Kruger Hofmann Hartmann Lange Werner Krause Lehmann Kohler Herrmann
  Dubois Durand Lefebvre Moreau Laurent Simon Michel Leroy Roux David Bertrand Morel Fournier Girard Bonnet Dupont
  Lambert Fontaine Rousseau Vincent Muller Lefevre Faure Andre Mercier Blanc Guerin Boyer Garnier Chevalier Rossi
  Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti DeLuca Mancini Costa Giordano
  Rizzo Lombardi Moretti Garcia Fernandez Gonzalez Rodriguez Lopez Martinez Sanchez Perez Gomez Martin Jimenez Ruiz
  Hernandez Diaz Moreno Alvarez Romero Alonso Gutierrez Navarro Silva Santos Ferreira Pereira Oliveira Rodrigues
  Martins Sousa Fernandes Goncalves Gomes Lopes Marques Alves Almeida Ribeiro Pinto Carvalho Teixeira DeJong Jansen
  DeVries VandenBerg VanDijk Bakker Janssen Visser Smit Meijer DeBoer Mulder DeGroot Bos Vos Peters Hendriks Dekker
  Johansson Andersson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Pettersson Jonsson
  Hansen Nielsen Jensen Pedersen Andersen Christensen Larsen Sorensen Rasmussen Jorgensen Petersen Madsen Kristensen
  Nowak Kowalski Wisniewski Wojcik Kowalczyk Kaminski Lewandowski Zielinski Szymanski Wozniak Dabrowski Ivanov
  Smirnov Kuznetsov Popov Sokolov Lebedev Kozlov Novikov Morozov Petrov Volkov Nagy Kovacs Toth Szabo Horvath Varga
  Kiss Molnar Nemeth Farkas Novak Svoboda Novotny Dvorak Cerny Prochazka Kucera Vesely Horak Nemec MacLeod MacKenzie
  MacDonald Fraser Sinclair Munro Buchanan Ogilvie Drummond Lindsay Murdoch Kerr Crawford Maxwell Boyd Hogg Rutherford
  Fitzgerald Kavanagh Brennan Donnelly Flanagan Gallagher Hennessy Keane Lynch Mahoney Nolan Regan Sheehan Whelan
`);

/** Nicknames for the commonest given names (alternate `nickname` names). */
export const nicknames: Readonly<Record<string, string>> = {
  William: 'Bill', Robert: 'Bob', Richard: 'Dick', James: 'Jim', John: 'Jack', Thomas: 'Tom', Henry: 'Harry',
  Edward: 'Ted', Charles: 'Charlie', Joseph: 'Joe', Frederick: 'Fred', Albert: 'Bert', Alfred: 'Alf', Samuel: 'Sam',
  Michael: 'Mike', Margaret: 'Peggy', Elizabeth: 'Betty', Mary: 'Polly', Catherine: 'Kate', Sarah: 'Sally',
  Susan: 'Sue', Dorothy: 'Dot', Florence: 'Flo', Patricia: 'Pat', Katherine: 'Kitty', Eleanor: 'Nell',
  Johann: 'Hans', Giuseppe: 'Beppe', Francisco: 'Paco', Alexander: 'Sasha', Nikolai: 'Kolya', Anthony: 'Tony',
};

const towns = words(`
  London Manchester Birmingham Liverpool Leeds Sheffield Bristol Newcastle Nottingham Leicester Coventry Bradford
  Hull York Norwich Exeter Plymouth Bath Oxford Cambridge Canterbury Chester Durham Lancaster Lincoln Salisbury
  Winchester Worcester Gloucester Hereford Ipswich Colchester Reading Derby Stoke Wolverhampton Sunderland Carlisle
  Edinburgh Glasgow Aberdeen Dundee Inverness Perth Stirling Paisley Dumfries Cardiff Swansea Newport Wrexham
  Aberystwyth Bangor Carmarthen Dublin Cork Limerick Galway Waterford Kilkenny Sligo Belfast Derry Armagh
  Hamburg Bremen Hannover Berlin Leipzig Dresden Munich Nuremberg Stuttgart Frankfurt Cologne Dusseldorf Bonn
  Paris Lyon Marseille Bordeaux Toulouse Nantes Lille Strasbourg Rouen Reims Amsterdam Rotterdam Utrecht Leiden
  Groningen Antwerp Ghent Bruges Brussels Liege Stockholm Gothenburg Uppsala Malmo Oslo Bergen Trondheim Copenhagen
  Aarhus Odense Krakow Warsaw Poznan Gdansk Lodz Wroclaw Prague Brno Vienna Graz Salzburg Budapest Debrecen Zurich
  Geneva Basel Bern Milan Turin Genoa Venice Florence Naples Palermo Rome Bologna Madrid Barcelona Seville Valencia
  Bilbao Zaragoza Lisbon Porto Coimbra Braga Boston Salem Plymouth Hartford Providence Albany Philadelphia Baltimore
  Richmond Charleston Savannah Pittsburgh Cleveland Cincinnati Chicago Milwaukee Detroit Indianapolis Louisville
  Nashville StLouis Minneapolis Omaha Denver SaltLake Sacramento Portland Seattle Toronto Montreal Quebec Halifax
  Kingston Ottawa Winnipeg Sydney Melbourne Adelaide Brisbane Hobart Perth Auckland Wellington Christchurch Dunedin
`);

const regions: Readonly<Record<string, readonly string[]>> = {
  England: ['Yorkshire', 'Lancashire', 'Kent', 'Devon', 'Norfolk', 'Suffolk', 'Essex', 'Cornwall', 'Somerset', 'Cheshire', 'Durham', 'Sussex'],
  Scotland: ['Lothian', 'Fife', 'Lanarkshire', 'Aberdeenshire', 'Perthshire', 'Argyll'],
  Wales: ['Glamorgan', 'Gwynedd', 'Dyfed', 'Powys', 'Clwyd'],
  Ireland: ['Leinster', 'Munster', 'Connacht', 'Ulster'],
  Germany: ['Bavaria', 'Saxony', 'Prussia', 'Hesse', 'Westphalia', 'Baden'],
  France: ['Normandy', 'Brittany', 'Provence', 'Alsace', 'Burgundy', 'Aquitaine'],
  Netherlands: ['Holland', 'Zeeland', 'Friesland', 'Utrecht'],
  Sweden: ['Skane', 'Uppland', 'Smaland'],
  Norway: ['Viken', 'Vestland', 'Trondelag'],
  Denmark: ['Zealand', 'Jutland', 'Funen'],
  Poland: ['Galicia', 'Silesia', 'Pomerania', 'Masovia'],
  Italy: ['Lombardy', 'Piedmont', 'Tuscany', 'Sicily', 'Campania', 'Veneto'],
  Spain: ['Castile', 'Catalonia', 'Andalusia', 'Galicia', 'Aragon'],
  Portugal: ['Minho', 'Beira', 'Alentejo'],
  'United States': ['Massachusetts', 'New York', 'Pennsylvania', 'Virginia', 'Ohio', 'Illinois', 'Michigan', 'California', 'Texas'],
  Canada: ['Ontario', 'Quebec', 'Nova Scotia', 'Manitoba'],
  Australia: ['New South Wales', 'Victoria', 'Queensland', 'Tasmania'],
  'New Zealand': ['Auckland', 'Canterbury', 'Otago'],
};

/**
 * A few hundred place names, `Town, Region, Country`: every town paired with two regions of a country,
 * chosen by a fixed rule so the list is the same on every run.
 */
export const placeNames: readonly string[] = (() => {
  const countries = Object.keys(regions);
  const out: string[] = [];
  towns.forEach((town, i) => {
    const country = countries[i % countries.length]!;
    const rs = regions[country]!;
    const label = town.replace(/^St(?=[A-Z])/, 'St ').replace(/([a-z])([A-Z])/g, '$1 $2');
    out.push(`${label}, ${rs[i % rs.length]!}, ${country}`);
    if (i % 2 === 0) out.push(`${label}, ${rs[(i + 1) % rs.length]!}, ${country}`);
  });
  return [...new Set(out)];
})();
