"""The cues that a message needs a person: someone asked for by name or role, or a matter of the
client's own account (a charge, a running job, a leaked key, a document only a person sends)."""

import re

HANDOFF = re.compile(
    # "consegue me ligar amanhã?", "fica mais fácil por telefone", "call me"
    r"\bme (?:liga|ligar|ligue|telefona\w*)\b|\bpor telefone\b|\bcall me\b|\bphone call\b|"
    # "alguém me explicar esse orçamento por ligação?"
    r"\b(?:explicar|explica|falar)\b[^.?!]{0,40}\bpor (?:ligacao|audio|voz|chamada)\b|"
    r"\b(?:book|schedule|set up) a (?:call|meeting)\b|"
    # "qual o canal de compliance pra uma denúncia anônima?": a person receives it
    r"\bcanal de (?:denuncias?|compliance|etica|integridade)\b|\bdenuncia anonima\b|"
    r"\b(?:canal|contato|e-?mail|telefone|falar com) d?[ae]? ?ouvidoria\b|\bwhistle-?blow\w*|"
    r"\bethics (?:hotline|channel)\b|"
    r"\b(?:marcar|agendar) uma (?:call|reuniao|ligacao|conversa)\b|"
    # "quer uma reunião no Teams com o responsável técnico de vocês"
    r"\b(?:reuniao|call|videochamada)(?: (?:no|pelo|via|por) (?:teams|meet|zoom|video))? com "
    r"(?:o |a |um |uma |alguem )?(?:responsavel|especialista|engenheir[oa]|time|equipe|tecnic[oa])|"
    # "prefiro ver isso numa call com alguém técnico de vocês, dá pra marcar?"
    r"\bnuma (?:call|reuniao|videochamada|ligacao) com (?:alguem|um especialista|voces|vcs|o time)|"
    r"(falar|conversar|atendimento)( direto| diretamente)? com (um |uma |o |a )?(humano|pessoa|"
    r"vendedor|vendedora|atendente|especialista|consultor|gente de verdade|tecnico|engenheiro)|"
    r"(?<!continuo no )(?<!fico no )(?<!volto pro )\bhumano\b|talk to (a )?(human|person|"
    r"sales)|/especialista|quero (falar com )?(um |uma )?(pessoa|atendente|humano)\b|"
    r"(pessoa|gente) de verdade|(real|actual) (person|human)|"
    # "I'd like to speak to a human", "can I chat with one of your engineers?"
    r"\b(speak|talk|chat) (to|with) (a |an |one of your |your )?(human|person|people|sales|"
    r"specialist|expert|engineer|agent|representative|rep|salesperson|someone|somebody)s?\b|"
    r"\bhuman (agent|being)\b|\b(connect|put) me (through to|in touch with|with|to)\b|"
    # "can someone from your sales team get in touch with me?"
    r"\b(someone|somebody|anyone) (from|on|in) (your|the) (sales|engineering|commercial|"
    r"technical|tech) (team|department|side)|\b(get|be) in touch with (me|us)\b|"
    r"\b(contact|call|reach out to|email) (me|us) (directly|back|please)\b|"
    # Spanish: "necesito hablar con un asesor comercial"
    r"\bhablar con (?:un |una |el |la )?(?:asesor|vendedor|persona|humano|especialista|"
    r"ejecutivo|alguien)|"
    r"\b(consultor|vendedor|atendente|especialista)\w* (que )?(possa|pode|poderia) (me )?"
    r"(ligar|telefonar|atender|chamar)|"
    r"\b(me )?(liga|ligue|ligar|telefone|telefonar) (pra|para) mim|"
    r"\b(alguem|voces|vcs) (pode|podem|poderia|poderiam) me (ligar|telefonar)|call me\b|"
    # "agendar uma call com o time comercial", "schedule a call with sales"
    r"\bagend\w* (uma |um )?(call|reuniao|conversa|ligacao|chamada|videochamada)|"
    r"\bschedule (a )?(call|meeting)|"
    r"falar com (o |a )?(time|equipe|setor|area|pessoal) (comercial|de vendas)|"
    # "preciso falar com o comercial", "quero conversar com alguém do financeiro"
    r"\bao telefone\b|\bpelo telefone\b|"
    r"\b(falar|conversar) com (o |a |um |uma |alguem d[oa] |o pessoal d[oa] )?"
    r"(comercial|vendas|financeiro)\b|"
    r"\b(gerente|executiv[oa]) de contas?\b|\baccount manager\b|"
    r"\b(passa|passar|transfer\w*|encaminh\w*) (me )?(pra|para) (alguem|uma pessoa|o comercial|"
    r"a equipe|um vendedor|um humano|um especialista|o (time|setor|pessoal) (comercial|de vendas)|"
    r"vendas)|alguem do (comercial|vendas|time)|"
    # "chama o vendedor que falou comigo", "me passa o consultor"
    r"\b(chama|chame|chamar|me passa|me passe|transfere|transfira)\b[^.?!]{0,15}"
    r"\b(vendedor|vendedora|consultor|consultora|atendente|especialista|comercial)|"
    # "com quem eu falo?", "quero falar com a Juliana que me atendeu", "tem como marcar uma call?"
    r"\bcom quem (eu )?(falo|converso|trato)\b|\bque me (atendeu|atendia)\b|"
    r"\bmarc\w* (uma |um )?(call|reuniao|ligacao|chamada|videochamada|visita)|"
    # "chama teu chefe aí", "a conversa seja feita com um responsável técnico de vocês"
    r"\bchama\w* (o )?(teu|seu|o) (chefe|gerente|supervisor|responsavel)|"
    r"\b(com|por) um responsavel (tecnico )?de (voces|vcs)|\bpessoalmente\b|"
    r"\bquem (vai ser|e|sera) (o )?(meu|nosso) contato\b|"
    # a contact shared in the chat: "Contato compartilhado ... combina os detalhes direto com ela"
    r"\bcontato compartilhado\b|\b(?:combin\w*|fal\w*|trat\w*|alinh\w*)\b[^.?!]{0,40}\bdireto com "
    r"(?:ela|ele)\b|"
    # "pode pedir pra um especialista me ligar amanhã?"
    r"\b(especialista|vendedor|vendedora|consultor|consultora|atendente|alguem|uma pessoa)\b"
    r"[^.?!]{0,20}\b(me ligar|ligar pra mim|me liga|me chamar|entrar em contato|falar comigo)"
)
# A training we do not price here: reinforcement learning, with rollouts and a reward; a person
# quotes it, and no supervised quote goes with it.
_UNPRICED = r"\b(?:grpo|ppo|rlhf|rlaif|reinforcement learning|aprendizado por reforco)\b"
UNPRICED = re.compile(_UNPRICED)
# The client's own account, or a payment already made: only a person can act on it.
ACCOUNT = re.compile(
    r"\bestorn\w*|\bcobrad[oa]s? (duas vezes|2 vezes|em dobro|errado)|"
    r"\bcobranca (indevida|duplicada)|"
    # not "se eu cancelar o job, pago multa?": a question about the terms (commercial)
    r"\bsegunda via\b|\b2a via\b|(?<!se )(?<!se eu )(?<!caso )(?<!if i )"
    r"\bcancel\w* (o |a |meu |minha |nosso |nossa )?(servico|conta|"
    r"contrato|assinatura|plano|cotacao|proposta|pedido|job|treino)|"
    r"\bencerr\w* (a |nossa |minha )?conta\b|\brenegoci\w*|"
    r"\b(trocar|mudar|alterar|atualizar) (o |a )?(e-?mail|responsavel|cnpj|razao social|cadastro)|"
    r"\b(revisar|alterar|mudar) (uma |a |essa )?clausula|\b(reemit\w*|emitir de novo)|"
    r"\b(nota|nf|nfs-?e) (veio|saiu|esta|ta) (com|errad)|\bpreciso da (nota|nf|nfs-?e)\b|"
    r"\b(paguei|pagamos|comprovante)\b[^?!]{0,60}\b(nao (foi )?liberad|ainda nao)|"
    # A job of ours running, a machine to book, a price to match, a security questionnaire: a
    # person acts on them
    r"(?<!se )\b(meu|nosso) job (parou|caiu|falhou|nao terminou)|"
    # a job of theirs to stop or pause now: "cancela agora pfv", "para tudo! consegue interromper",
    # "dá pra pausar o nosso job hoje às 18h"
    r"\bcancel\w* (?:agora|ja|imediatamente|now|right now|asap)\b|(?:^|[.!?]\s*)para tudo\s*!|"
    r"\b(?:pausar|pausa|parar|pare|interromper|interrompe|suspender|suspende|pause|stop|halt) "
    r"(?:o |a |the )?(?:nosso|nossa|meu|minha|our|my|esse|este|this)\s+"
    r"(?:job|treino|treinamento|maquina|training|run)\b|"
    r"\binterromp(?:e|er|a|am)\b[^.?!]{0,30}\b(?:checkpoint|retomar|resume)|"
    # documents only a person sends: "as certidões negativas e o cartão CNPJ", "atestado de
    # capacidade técnica"
    r"\bcertid(?:ao|oes)\b|\bcartao (?:do )?cnpj\b|\batestados? de capacidade\b|"
    # a flaw in our site to report, a sale that export rules may forbid
    r"\b(?:falha|vulnerabilidade|brecha|bug)\b[^.?!]{0,40}\b(?:site|formulario|sistema|app|bot|"
    r"pagina|cadastro) (?:de|da|do) (?:voces|vcs)\b|\bvulnerabilit\w*\b[^.?!]{0,40}\byour\b|"
    r"\bexport (?:restrictions?|controls?)\b|\b(?:sancoes|sanctions|embargo|ofac)\b|"
    r"\brestric\w* de exportacao\b|"
    rf"{_UNPRICED}|"
    # the proposal and the chat disagree: "o PDF diz 2 H100 por 9 horas, mas aqui você falou 1 H100"
    r"\b(?:proposta|pdf|e-?mail)\b[^?]{0,60}\b(?:mas|but)\b[^?]{0,60}\b(?:qual (?:esta|ta|e) "
    r"(?:o )?(?:certo|correto)|which (?:one )?is (?:right|correct))|"
    # a credential of the machine we gave them leaked: rotate it now
    r"\bvaz\w* (?:a |o |as |os )?(?:chave|senha|token|credencia)\w*|"
    r"\b(?:chave|senha|token|credencia\w*)\b[^.?!]{0,40}\bvaz(?:ou|aram|ado|ada)\b|"
    r"\bleak\w* (?:the |our |my )?(?:key|ssh|credential|token|password)|"
    # "o treino de ontem caiu no meio por erro de vocês, vou ser cobrado?"
    r"(?<!se )\b(treino|job|maquina)\b[^.?!]{0,30}\b(caiu|parou|falhou|travou)\b[^?!]{0,60}"
    r"\b(erro de voces|erro de vcs|culpa de voces|culpa de vcs|your fault|cobrad\w*)|"
    r"\b(treino|job) que (voces|vcs) (subiram|rodaram|iniciaram)|\bparado na fila\b|"
    r"\bstatus do (meu |nosso )?(job|pedido|treino)|"
    r"\b(reserv\w*|bloque\w*) (a |uma |essa )?(maquina|gpu|placa|h100|a100)|"
    r"\bbook (the|a) (machine|gpu)|"
    r"\bconcorr\w*\b[^?!]{0,60}\b(cobre|cobrem|igual\w*|bate|batem|match)\b|"
    r"\b(iso ?27001|soc ?2|questionario de seguranca|due diligence|pentest)\b|"
    # a machine free right now, the carbon of a job: a person answers
    r"\b(livres?|disponive(l|is)|ocupad[oa]s?)\b[^.]{0,40}\b(agora|hoje|amanha)\b|"
    r"\b(agora|hoje|amanha)\b[^.]{0,40}\b(livres?|disponive(l|is)|ocupad[oa]s?)\b|"
    r"\b(pegada de carbono|carbon footprint|kg de co2|co2 por job)\b|"
    r"\bcitar (?:os )?(?:numeros|precos|valores|dados) de (?:voces|vcs)\b|"
    # A message sent in our name, an offer to confirm: a person checks it
    r"\be oficial\b|\bforam (?:voces|vcs) que mandaram\b|"
    r"\b(?:e|eh|seria|parece|sera) (?:um |uma )?(?:golpe|fraude|phishing)\b|"
    r"\b(?:e-?mail|mensagem|ligacao|whats\w*|link)\b[^.?!]{0,40}\bem nome de (?:voces|vcs)\b|"
    r"\bse passando por\b|"
    # A complaint: "vou abrir reclamação no Reclame Aqui e no Procon", "número de protocolo"
    r"\b(?:vou|vamos|irei|iremos) (?:abrir|registrar|fazer|reclamar|denunciar|acionar)\w*\b"
    r"[^.?!]{0,30}\b(?:reclame aqui|procon|ouvidoria|reclamac\w*)\b|"
    r"\b(insatisfac\w*|insatisfeit\w*)\b|"
    # a fine-tuned model of ours to look at: "preciso que alguém olhe isso"
    r"\balguem (?:olhe|revise|veja|analise|de uma olhada|verifique|responsavel)\b|"
    r"\b(?:preciso|quero|me (?:passa|da|de|envia|manda)|qual (?:o|e o))\b[^.?!]{0,20}"
    r"\b(?:numero de )?protocolo\b|\breclamac\w* formal\b|"
    # Nobody answering, a run of ours that went wrong: "preciso de alguém me atendendo hoje"
    r"\balguem (?:me )?atend\w*|\b(?:explicacao|resposta) de alguem\b|\balguem responsavel\b|"
    # Access and keys of the client's: "minha senha expirou", "nosso token de API vazou"
    r"\b(?:senha|password|login)\b[^.?!]{0,30}\b(?:expir\w*|nao (?:funciona|chega|entra)|"
    r"bloquead\w*|esqueci)|\bnao consigo (?:entrar|logar|acessar)\b|"
    r"\b(?:token|chave|key)\b[^.?!]{0,45}\b(?:vazou|vazad\w*|revog\w*|leaked|public\w*|401|403|"
    r"unauthorized|forbidden|nao funciona|parou de funcionar|expirou)|"
    # someone in the client's machine: "uns logins SSH de um IP que não é nosso"
    r"\b(?:ip|acesso|login)s?\b[^.?!]{0,30}\b(?:que nao e nosso|desconhecid\w*|estranh\w*|"
    r"suspeit\w*)|"
    r"\balguem (?:pode|podem|poderia) (?:olhar|ver|verificar|revisar|analisar)\b|"
    # a complaint on record: "fica registrada a minha reclamação", "isso não pode se repetir"
    r"\b(?:minha|nossa) reclamacao\b|\bfica registrad\w*|\bnao pode se repetir\b|"
    r"\bpessima experiencia\b|"
    r"\brevog\w*\b[^.?!]{0,30}\b(?:token|chave|key)|"
    # A payment made: "acabei de pagar o pix, segue o comprovante. Já pode liberar a máquina?"
    r"\b(?:pode|podem|ja pode|ja podem)\b[^.?!]{0,10}\bliberar (?:a maquina|o acesso|o job|"
    r"o treino)|\bsegue o comprovante\b|\bcomprovante (?:em anexo|segue|anexo)\b|"
    # the queue for a card this week, a reminder later, references from other clients
    r"\b(fila|disponibilidade|estoque)\b[^.?!]{0,20}\b(h100|a100|h200|l4|l40s|gpus?|placas?|tpus?|"
    r"maquinas?)\b|\bme (lembra|lembre|avisa|avise) (dessa|desta|da|de novo)|\bremind me\b|"
    r"\bme (avis\w*|manda (msg|mensagem)) quando\b|\b(let me know|notify me) when\b|"
    r"\b(voces|vcs|vc|you|tem|have|share)\b[^?!\d]{0,25}\b(cases?|(?<!termo de )referencias?|"
    r"depoimentos?|case studies|references)\b(?! to)|"
    # nobody answered a request, a price to watch, the client's own data to erase
    r"\bninguem (?:me )?(?:respondeu|retornou|deu retorno)|\bnobody (?:has )?(?:answered|replied)|"
    r"\bme avis[ae] (?:se|quando) (?:o preco|o valor|a hora|ela|baixar|cair)|"
    r"\bapag\w+ (?:todos )?(?:os )?(?:meus )?dados (?:que eu|meus|do cadastro)|"
    r"\bapag\w+ (?:todos )?(?:os )?meus dados|\bdelete (?:all )?my data|"
    r"\bapag\w+ (?:o )?meu (?:telefone|numero|cadastro|historico)\b|"
    r"\bexclu\w+ (?:o )?meus? (?:telefone|e-?mail|cadastro|dados)|\bdescadastr\w+|"
    # what the client has spent or has left: their account
    r"\bquanto (?:eu )?(?:ja )?gastei|\bsaldo d[oe]s? creditos|\bmy (?:usage|balance|spend)\b"
)


# A press interview, a podcast, a sponsorship, a talk, a survey for a thesis: a person answers,
# unless they are only what the data of a job is ("380 episódios do nosso podcast transcritos,
# full fine-tuning no Gemma 2 2B").
_ABOUT_US = re.compile(
    r"\b(entrevista|reporter|jornalista|imprensa|interview|journalist|podcast|episodio|patrocin\w*|"
    r"palestra|meetup|sponsor\w*|questionario|survey|dissertacao|mestrand[ao]|doutorand[ao]|"
    r"pesquisa academica)\b"
)


def wants_person(folded: str, job: bool = False) -> bool:
    """A person asked for by name or role, or a matter of the client's own account; a request
    about us (an interview, a talk) only where the message describes no job."""
    return bool(
        HANDOFF.search(folded) or ACCOUNT.search(folded) or (_ABOUT_US.search(folded) and not job)
    )
